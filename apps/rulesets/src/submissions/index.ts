export { SubmissionsModule } from './submissions.module';
export { changesOf, type SubmissionRow, toSubmission } from './submission.row';
export { SubmissionRecords } from './submissions.repository';
