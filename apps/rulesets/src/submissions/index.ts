export { SubmissionsModule } from './submissions.module';
export { contentOf, type SubmissionRow, toSubmission } from './submission.row';
export { SubmissionRecords } from './submissions.repository';
