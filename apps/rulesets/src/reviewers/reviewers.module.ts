import { Module } from '@nestjs/common';
import { RulesetsModule } from '../rulesets';
import { ReviewersHandler } from './reviewers.handler';
import { ReviewersService } from './reviewers.service';

/** The caller's standing on a ruleset (reviewer, editor, viewer). */
@Module({ imports: [RulesetsModule], controllers: [ReviewersHandler], providers: [ReviewersService] })
export class ReviewersModule {}
