// Forbidden: a service never imports another app (checked by tools/check-boundaries.js).
import { identityService } from '@pc/identity';

export const fixture = identityService;
