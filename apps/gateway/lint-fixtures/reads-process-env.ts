// Forbidden: only the configuration modules read the environment (checked by tools/check-boundaries.js).
export const port = process.env.PORT;
