export { SubmissionsModule } from './submissions.module';
export {
  type SubmissionRecord,
  type SubmissionRow,
  SubmissionRecords,
  toSubmission,
  toSubmissionSummary,
} from './submissions.repository';
