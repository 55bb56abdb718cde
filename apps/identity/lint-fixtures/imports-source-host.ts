// Forbidden: identity does not own a call to the source host (checked by tools/check-boundaries.js).
import { HttpSourceHost } from '@pc/source-host';

export const fixture = HttpSourceHost;
