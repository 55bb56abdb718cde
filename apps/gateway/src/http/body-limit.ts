/**
 * The largest request body the gateway reads (413 over), on every route but the evaluation routes, whose
 * limit is `EVALUATION_LIMITS.requestBodyBytes` (a specification of up to 5 MiB).
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;
