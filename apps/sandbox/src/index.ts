export { startSandbox } from './sandbox.server';
export type { RunningSandbox, SandboxDemo, SandboxUrls, StartSandboxOptions } from './sandbox.server';
export { SandboxEnv } from './sandbox.env';
export { sandboxAdapterEnv, SANDBOX_PATHS, DEFAULT_SANDBOX_URL } from '@pc/outbound';
export type { SandboxAdapterEnv } from '@pc/outbound';
export { FAULT_KINDS, SANDBOX_SYSTEMS } from './sandbox.faults';
export type { FaultKind, FaultSpec, SandboxSystem } from './sandbox.faults';
export type { FileSet, RepositorySpec } from './source-host/git-repository.store';
export type { OrganizationSpec, TenantSpec } from './platform/platform.store';
export { SandboxControl } from './sandbox-control.client';
export type {
  ControlFileSet,
  ControlRepositorySpec,
  SandboxAppliedItem,
  SandboxPlatformState,
  SandboxTenant,
} from './sandbox-control.client';
