// The one copy lives in @pc/platform (auth/caller.ts).
export { callerId, isAdmin, requireAdmin, requireUser } from '@pc/platform';
