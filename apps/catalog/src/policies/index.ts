export { PoliciesModule } from './policies.module';
export { PolicyAccess } from './policy-access';
export { PolicyPresenter } from './policy.presenter';
export { PolicyReadsService } from './policy-reads.service';
export { PolicyRecords } from './policy-records.service';
export type { NewPolicy } from './policies.repository';
export { toPolicy } from './policy.mapper';
export type { PolicyChanges, PolicyRow } from './policy.row';
