export { RevisionsModule } from './revisions.module';
export {
  onePendingPerField,
  type ProposedRepositories,
  type RevisionDraft,
  RevisionsService,
} from './revisions.service';
