// The one copy lives in @pc/platform (auth/caller.ts).
export { requireUser } from '@pc/platform';
