// Allowed: the catalog owns its calls to the source host (checked by tools/check-boundaries.js).
import { HttpSourceHost } from '@pc/source-host';
import { CatalogRpc } from '@pc/contracts';
import { DomainError } from '@pc/platform';

export const fixture = [HttpSourceHost, CatalogRpc, DomainError];
