// Accepted by pc/feature-boundaries: what another feature exports, through its index.
import type { SharesModule } from '../shares';

export type Module = SharesModule;
