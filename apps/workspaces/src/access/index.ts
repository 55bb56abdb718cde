export { AccessModule } from './access.module';
export type { MemberRow, WorkspaceRow } from './access.repository';
export { type WorkspaceAccess, WorkspaceAccessRules } from './workspace-access';
