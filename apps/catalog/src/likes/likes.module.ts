import { Module } from '@nestjs/common';
import { PoliciesModule } from '../policies';
import { LikesHandler } from './likes.handler';
import { LikesRepository } from './likes.repository';
import { LikesService } from './likes.service';

/** A user's like of a policy (one per user, counted on the policy). */
@Module({
  imports: [PoliciesModule],
  controllers: [LikesHandler],
  providers: [LikesRepository, LikesService],
})
export class LikesModule {}
