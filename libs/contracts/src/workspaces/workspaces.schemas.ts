import { z } from 'zod';
import type { MessageSchema } from '../common/message-schemas';
import { ASSIGNABLE_ROLES, WORKSPACE_LIMITS as L } from './workspaces.limits';
import type {
  AddMemberRequest,
  ConnectionAccessRequest,
  ConnectionSharesRequest,
  CreateWorkspaceRequest,
  MemberRequest,
  RenameWorkspaceRequest,
  ShareRequest,
  UpdateMemberRequest,
  WorkspaceIdRequest,
} from './workspaces.types';

/**
 * The data of each workspaces message, defined once: checked where the message enters the service
 * (`@Handles`), with the same limits as the gateway's DTOs (`WORKSPACE_LIMITS`). The rule "either a
 * username or an email, exactly one" lives here, not in the DTO and the service both.
 */
const uuid = z.uuid();
const name = z.string().trim().min(L.nameMin).max(L.nameMax);
const empty: MessageSchema<Record<string, never>> = z.object({}).strict();

export const WorkspaceSchemas = {
  empty,
  workspaceId: z.object({ id: uuid }) satisfies MessageSchema<WorkspaceIdRequest>,
  create: z.object({
    name,
    slug: z.string().min(L.slugMin).max(L.slugMax).regex(new RegExp(L.slugPattern)).optional(),
  }) satisfies MessageSchema<CreateWorkspaceRequest>,
  rename: z.object({ id: uuid, name }) satisfies MessageSchema<RenameWorkspaceRequest>,
  addMember: z
    .object({
      id: uuid,
      role: z.enum(ASSIGNABLE_ROLES),
      username: z.string().min(1).max(L.usernameMax).optional(),
      email: z.string().min(3).max(L.emailMax).optional(),
    })
    .refine((r) => (r.username === undefined) !== (r.email === undefined), {
      message: 'give either username or email, exactly one',
      path: ['username'],
    }) satisfies MessageSchema<AddMemberRequest>,
  updateMember: z
    .object({
      id: uuid,
      userId: uuid,
      role: z.enum(ASSIGNABLE_ROLES).optional(),
      disabled: z.literal(false).optional(),
    })
    .refine((r) => r.role !== undefined || r.disabled !== undefined, {
      message: 'role or disabled: false is required',
      path: ['role'],
    }) satisfies MessageSchema<UpdateMemberRequest>,
  member: z.object({ id: uuid, userId: uuid }) satisfies MessageSchema<MemberRequest>,
  share: z.object({ id: uuid, connectionId: uuid }) satisfies MessageSchema<ShareRequest>,
  connection: z.object({ connectionId: uuid }) satisfies MessageSchema<
    ConnectionAccessRequest & ConnectionSharesRequest
  >,
};
