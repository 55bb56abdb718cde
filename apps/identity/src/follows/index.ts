export { FollowsModule } from './follows.module';
export { FollowsService } from './follows.service';
export type { FollowedItem } from './follows.repository';
