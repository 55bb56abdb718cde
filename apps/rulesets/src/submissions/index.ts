export { SubmissionsModule } from './submissions.module';
export { changesOf, reviewsItsCommit, type SubmissionRow, toSubmission } from './submission.row';
export { SubmissionRecords } from './submissions.repository';
