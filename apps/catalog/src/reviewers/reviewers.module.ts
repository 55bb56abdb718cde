import { Module } from '@nestjs/common';
import { CommonModule } from '../common/common.module';
import { PoliciesModule } from '../policies';
import { ReviewersHandler } from './reviewers.handler';
import { ReviewersRepository } from './reviewers.repository';
import { ReviewersService } from './reviewers.service';

/** The users an owner asks to review a policy. */
@Module({
  imports: [CommonModule, PoliciesModule],
  controllers: [ReviewersHandler],
  providers: [ReviewersRepository, ReviewersService],
})
export class ReviewersModule {}
