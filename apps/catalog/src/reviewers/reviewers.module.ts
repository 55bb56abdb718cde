import { Module } from '@nestjs/common';
import { PoliciesModule } from '../policies';
import { ReviewersHandler } from './reviewers.handler';
import { ReviewersRepository } from './reviewers.repository';
import { ReviewersService } from './reviewers.service';

/** The users an owner asks to review a policy. */
@Module({
  imports: [PoliciesModule],
  controllers: [ReviewersHandler],
  providers: [ReviewersRepository, ReviewersService],
})
export class ReviewersModule {}
