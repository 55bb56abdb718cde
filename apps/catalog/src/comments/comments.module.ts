import { Module } from '@nestjs/common';
import { PoliciesModule } from '../policies';
import { CommentsHandler } from './comments.handler';
import { CommentsRepository } from './comments.repository';
import { CommentsService } from './comments.service';

/** Comments on a policy, by signed-in users; the owner and administrators moderate. */
@Module({
  imports: [PoliciesModule],
  controllers: [CommentsHandler],
  providers: [CommentsRepository, CommentsService],
})
export class CommentsModule {}
