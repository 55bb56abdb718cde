import type { ErrorCode } from '@pc/contracts';
import { DomainError } from '@pc/platform';

type WorkspacesCode = Extract<ErrorCode, `WORKSPACES.${string}`>;

/** The workspaces service's own errors: each condition a code of its own (statuses in the gateway's table). */
export function workspacesError(code: WorkspacesCode, message: string): DomainError {
  return new DomainError(code, message);
}
