import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { IdeasModule } from '../ideas';
import { ProfilesModule } from '../profiles';
import { RulesetsModule } from '../rulesets';
import { SubmissionsModule } from '../submissions';
import { ReviewHandler } from './review.handler';
import { ReviewService } from './review.service';

/** The administrator's decisions on a submission waiting for review. */
@Module({
  imports: [SubmissionsModule, RulesetsModule, HistoryModule, IdeasModule, ProfilesModule],
  controllers: [ReviewHandler],
  providers: [ReviewService],
})
export class ReviewModule {}
