// Forbidden: the listings kernel is mounted by the services of the kinds only (checked by tools/check-boundaries.js).
import { ListingsModule } from '@pc/listings';

export const fixture = ListingsModule;
