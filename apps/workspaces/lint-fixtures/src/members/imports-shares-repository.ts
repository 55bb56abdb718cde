// Refused by pc/feature-boundaries: another feature's repository is internal to it.
import type { SharesRepository } from '../shares/shares.repository';

export type Repository = SharesRepository;
