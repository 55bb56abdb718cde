// Forbidden: the contracts import nothing of ours (checked by tools/check-boundaries.js).
import { DomainError } from '@pc/platform';

export const fixture = DomainError;
