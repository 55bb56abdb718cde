import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { IdeasModule } from '../ideas';
import { ProfilesModule } from '../profiles';
import { RulesetsModule } from '../rulesets';
import { SubmissionsModule } from '../submissions';
import { ReviewQueueRepository } from './review-queue.repository';
import { ReviewHandler } from './review.handler';
import { ReviewService } from './review.service';

/** The administrator's decisions on a submission waiting for review. */
@Module({
  imports: [SubmissionsModule, RulesetsModule, HistoryModule, IdeasModule, ProfilesModule],
  controllers: [ReviewHandler],
  providers: [ReviewService, ReviewQueueRepository],
})
export class ReviewModule {}
