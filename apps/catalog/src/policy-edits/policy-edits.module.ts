import { Module } from '@nestjs/common';
import { HistoryModule } from '../history';
import { PoliciesModule } from '../policies';
import { RevisionsModule } from '../revisions';
import { SubmissionsModule } from '../submissions';
import { PolicyEditsHandler } from './policy-edits.handler';
import { PolicyEditsService } from './policy-edits.service';

/**
 * Editing a policy: it reaches into the submission (before publication) and files revisions (after),
 * so it sits above both rather than inside `policies`, which they themselves import.
 */
@Module({
  imports: [HistoryModule, PoliciesModule, RevisionsModule, SubmissionsModule],
  controllers: [PolicyEditsHandler],
  providers: [PolicyEditsService],
})
export class PolicyEditsModule {}
