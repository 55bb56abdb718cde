export { PoliciesModule } from './policies.module';
export { PolicyAccess } from './policy-access';
export { PolicyReadsService } from './policy-reads.service';
export { type NewPolicy, PolicyRecords } from './policy-records.repository';
export {
  type PolicyChanges,
  type PolicyRow,
  type RepositoryLabels,
  repositoryLabels,
  sourcesOf,
} from './policy.row';
