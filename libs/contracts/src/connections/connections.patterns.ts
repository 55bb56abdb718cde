import type { ConnectionDriftRefreshResult } from '../deployments/deployments.types';
import { type Empty, healthPing, rpc } from '../common/descriptors';
import type {
  ConnectionDetailResult,
  ConnectionIdRequest,
  ConnectionImpact,
  ConnectionOwnershipResult,
  ConnectionResult,
  ConnectionShare,
  ConnectionSummariesRequest,
  ConnectionSummariesResult,
  ConnectionCredentials,
  CreateConnectionRequest,
  CreateConnectionResult,
  EligibleOrgsCheckRequest,
  EligibleOrgsCheckResult,
  EligibleOrgsRequest,
  OrganizationList,
  PlatformCredentials,
  SyncConnectionResult,
  UpdateConnectionRequest,
  ValidateConnectionResult,
  Connection,
  PlatformAccessGrant,
  PlatformAccessRequest,
  PlatformAccessRequestV1,
} from './connections.types';
import { ConnectionSchemas as S } from './connections.schemas';

export const ConnectionsRpc = {
  ping: healthPing('connections'),
  list: rpc<Empty, { connections: Connection[] }>('connections.connection.list.v1'),
  create: rpc<CreateConnectionRequest, CreateConnectionResult>('connections.connection.create.v1'),
  get: rpc<ConnectionIdRequest, ConnectionDetailResult>('connections.connection.get.v1'),
  update: rpc<UpdateConnectionRequest, ConnectionResult>('connections.connection.update.v1'),
  remove: rpc<ConnectionIdRequest, { ok: true }>('connections.connection.delete.v1'),
  sync: rpc<ConnectionIdRequest, SyncConnectionResult>('connections.connection.sync.v1'),
  /** The drift check of each live deployment made through the connection, now (its owner). */
  refresh: rpc<ConnectionIdRequest, ConnectionDriftRefreshResult>('connections.connection.refresh.v1'),
  validate: rpc<ConnectionCredentials, ValidateConnectionResult>('connections.connection.validate.v1'),
  listOrgs: rpc<ConnectionIdRequest, OrganizationList>('connections.org.list.v1'),
  /** The organizations credentials reach before any connection holds them (nothing is saved). */
  discoverOrgs: rpc<PlatformCredentials, OrganizationList>('connections.org.discover.v1'),
  listEligibleOrgs: rpc<EligibleOrgsRequest, OrganizationList>('connections.org.eligible.v1'),
  /**
   * For the deployments service: which of a request's targets are eligible, however large the tree (the
   * list above is cut; an organization past the cut is eligible all the same).
   */
  checkEligibleOrgs: rpc<EligibleOrgsCheckRequest, EligibleOrgsCheckResult>(
    'connections.org.eligible.check.v1',
    S.eligibleCheck,
  ),
  listShares: rpc<ConnectionIdRequest, { shared: ConnectionShare[] }>('connections.connection.shares.v1'),
  impact: rpc<ConnectionIdRequest, ConnectionImpact>('connections.connection.impact.v1'),
  /** For the workspaces service: does the caller own this connection? */
  ownership: rpc<ConnectionIdRequest, ConnectionOwnershipResult>('connections.connection.ownership.v1'),
  /**
   * For the deployment workers and the deployments service: a short-lived platform access token for a
   * connection the caller (the deployment's author) may use in the deployment's workspace, which the
   * request must name (null: the owner's work of no workspace). The client secret never leaves the
   * connections service.
   */
  platformAccess: rpc<PlatformAccessRequest, PlatformAccessGrant>(
    'connections.platform.access-token.v2',
    S.platformAccess,
  ),
  /**
   * The same for the previous release's callers, which name no workspace: answered by that release's
   * rule (the author reaching the connection through any workspace) for one release, then removed
   * (deploy/README.md, "Contract changes under way"). Nothing in this release sends it.
   * @deprecated Use `platformAccess`.
   */
  platformAccessV1: rpc<PlatformAccessRequestV1, PlatformAccessGrant>('connections.platform.access-token.v1'),
  /** For the workspaces service: names of connections (never their settings or secrets). */
  summaries: rpc<ConnectionSummariesRequest, ConnectionSummariesResult>(
    'connections.connection.summaries.v1',
  ),
} as const;
