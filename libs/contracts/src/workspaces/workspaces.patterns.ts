import { type Empty, healthPing, rpc } from '../common/descriptors';
import { WorkspaceSchemas as S } from './workspaces.schemas';
import type {
  AddMemberRequest,
  ArchiveResult,
  ConnectionAccessRequest,
  ConnectionAccessResult,
  ConnectionSharesRequest,
  ConnectionSharesResult,
  CreateWorkspaceRequest,
  MemberImpact,
  MemberRequest,
  RenameWorkspaceRequest,
  ShareImpact,
  ShareRequest,
  UnarchiveResult,
  UpdateMemberRequest,
  UpdateMemberResult,
  Workspace,
  WorkspaceDetail,
  WorkspaceIdRequest,
  WorkspaceMember,
  WorkspaceMembership,
} from './workspaces.types';

export const WorkspacesRpc = {
  ping: healthPing('workspaces', S.empty),
  list: rpc<Empty, { memberships: WorkspaceMembership[] }>('workspaces.workspace.list.v1', S.empty),
  create: rpc<CreateWorkspaceRequest, { workspace: Workspace }>('workspaces.workspace.create.v1', S.create),
  get: rpc<WorkspaceIdRequest, { workspace: WorkspaceDetail }>('workspaces.workspace.get.v1', S.workspaceId),
  rename: rpc<RenameWorkspaceRequest, { workspace: Workspace }>('workspaces.workspace.rename.v1', S.rename),
  archive: rpc<WorkspaceIdRequest, ArchiveResult>('workspaces.workspace.archive.v1', S.workspaceId),
  unarchive: rpc<WorkspaceIdRequest, UnarchiveResult>('workspaces.workspace.unarchive.v1', S.workspaceId),
  listMembers: rpc<WorkspaceIdRequest, { members: WorkspaceMember[] }>(
    'workspaces.member.list.v1',
    S.workspaceId,
  ),
  addMember: rpc<AddMemberRequest, { ok: true }>('workspaces.member.add.v1', S.addMember),
  updateMember: rpc<UpdateMemberRequest, UpdateMemberResult>('workspaces.member.update.v1', S.updateMember),
  disableMember: rpc<MemberRequest, { ok: true }>('workspaces.member.disable.v1', S.member),
  memberImpact: rpc<MemberRequest, MemberImpact>('workspaces.member.impact.v1', S.member),
  share: rpc<ShareRequest, { ok: true }>('workspaces.share.create.v1', S.share),
  enableShare: rpc<ShareRequest, { ok: true }>('workspaces.share.enable.v1', S.share),
  unshare: rpc<ShareRequest, { ok: true }>('workspaces.share.delete.v1', S.share),
  shareImpact: rpc<ShareRequest, ShareImpact>('workspaces.share.impact.v1', S.share),
  /** For the connections service: workspaces through which the caller may use a connection. */
  connectionAccess: rpc<ConnectionAccessRequest, ConnectionAccessResult>(
    'workspaces.share.access.v1',
    S.connection,
  ),
  /** For the connections service: the workspaces a connection is shared into (its owner asks). */
  connectionShares: rpc<ConnectionSharesRequest, ConnectionSharesResult>(
    'workspaces.share.of-connection.v1',
    S.connection,
  ),
  /** For the connections service, when a connection is deleted: every share of it goes. */
  removeConnection: rpc<ConnectionSharesRequest, { removed: number }>(
    'workspaces.share.connection-deleted.v1',
    S.connection,
  ),
} as const;
