export { SubmissionsModule } from './submissions.module';
export { SubmissionRecords } from './submission-records.service';
export { type SubmissionRecord, type SubmissionRow, toSubmission } from './submissions.repository';
