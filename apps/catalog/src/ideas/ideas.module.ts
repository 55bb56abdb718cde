import { Module } from '@nestjs/common';
import { IdeasHandler } from './ideas.handler';
import { IdeasRepository } from './ideas.repository';
import { IdeasService } from './ideas.service';

/** Ideas: submitted, reviewed, voted on, declared and delivered by policies and rulesets. */
@Module({
  controllers: [IdeasHandler],
  providers: [IdeasRepository, IdeasService],
  exports: [IdeasService],
})
export class IdeasModule {}
