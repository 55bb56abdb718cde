export { PoliciesModule } from './policies.module';
export { PolicyAccess } from './policy-access';
export { PolicyPresenter } from './policy.presenter';
export { PolicyReadsService } from './policy-reads.service';
export { type NewPolicy, PolicyRecords } from './policy-records.repository';
export { toPolicy } from './policy.mapper';
export type { PolicyChanges, PolicyRow } from './policy.row';
