export { SubmissionsModule } from './submissions.module';
export { SubmissionRecords } from './submission-records';
export { contentOf, type SubmissionRow, toSubmission } from './submission.row';
