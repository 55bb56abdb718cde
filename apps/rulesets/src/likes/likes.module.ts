import { Module } from '@nestjs/common';
import { RulesetsModule } from '../rulesets';
import { LikesHandler } from './likes.handler';
import { LikesRepository } from './likes.repository';
import { LikesService } from './likes.service';

/** A user's like of a ruleset they can see. */
@Module({
  imports: [RulesetsModule],
  controllers: [LikesHandler],
  providers: [LikesRepository, LikesService],
})
export class LikesModule {}
