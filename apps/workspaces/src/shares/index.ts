export { SharesModule } from './shares.module';
export type { ShareRow } from './shares.repository';
export { SharesService } from './shares.service';
