import { Module } from '@nestjs/common';
import { FollowsHandler } from './follows.handler';
import { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';

/** Following policies and rulesets; webhooks read the followers of a new version through the service. */
@Module({
  controllers: [FollowsHandler],
  providers: [FollowsRepository, FollowsService],
  exports: [FollowsService],
})
export class FollowsModule {}
