import { ServiceEnv } from '@pc/platform';

/** The common service variables; the workspaces' limits are in `@pc/contracts` (WORKSPACE_LIMITS). */
export class WorkspacesEnv extends ServiceEnv {}
