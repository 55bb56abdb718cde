import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiExtension, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CONNECTION_LIMITS, ConnectionsRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { OkDto } from '../http/common.dto';
import { RateLimited } from '../http/rate-limit';
import {
  ConnectionDetailDto,
  ConnectionDriftRefreshDto,
  ConnectionDto,
  ConnectionEnvelopeDto,
  ConnectionImpactDto,
  ConnectionListDto,
  ConnectionSharesDto,
  ConnectionSummaryDto,
  CreateConnectionDto,
  CreatedConnectionDto,
  ORGANIZATION_TREE_BOUNDS,
  ORGANIZATION_TREE_UNREADABLE,
  OrganizationListDto,
  PlatformCredentialsDto,
  SyncResultDto,
  UpdateConnectionDto,
  ValidateConnectionDto,
  ValidationResultDto,
} from './connections.dto';
import { AUDIT, Audited } from '../audit/audited';
import { BAD_ID, uuid } from '../http/uuid-param';

/** A change that brings credentials, which the connections service checks against the platform. */
const carriesCredentials = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  ['clientId', 'clientSecret', 'organizationId'].some((field) => field in body);

/**
 * How long the routes that reach the platform wait on the bus: past the connections service's own deadline
 * (a credential check's, the deployments sweep's), so that its answer (a validation `timeout`, a sweep
 * that could not complete) reaches the caller rather than a 504.
 */
const CHECK_DEADLINE =
  `The check's calls to the platform end within ${CONNECTION_LIMITS.credentialCheckMs / 1000} s together, ` +
  'none tried again: a platform that has not answered by then is `ok` false with `code` `timeout`.';
const CREDENTIAL_CHECK_WAIT = { timeoutMs: CONNECTION_LIMITS.credentialCheckWaitMs };
const REFRESH_WAIT = { timeoutMs: CONNECTION_LIMITS.refreshWaitMs };
const SYNC_WAIT = { timeoutMs: CONNECTION_LIMITS.syncWaitMs };

const NOT_VISIBLE: [number, string] = [
  404,
  'No such connection, or the caller neither owns it nor is an active member of a workspace it is shared into',
];
const OWNER_ONLY: [number, string] = [
  403,
  'A workspace member may use the connection but not read or change it',
];
const STORED_CREDENTIALS: [number, string] = [
  422,
  'The stored credentials were refused by the platform (or cannot be decrypted): update the connection',
];

@ApiTags('connections')
@ApiExtraModels(ConnectionDto, ConnectionSummaryDto)
@Controller('connections')
export class ConnectionsController {
  constructor(private readonly bus: BusClient) {}

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "The caller's own connections (the client secret is never returned)",
    description:
      'The connections the caller owns, with their name, host and the platform tenant they reach. The ' +
      'client secret is encrypted at rest and never returned; connections shared with the caller through a ' +
      'workspace are not listed here.',
  })
  @ApiOkResponse({ type: ConnectionListDto })
  list(@Ctx() ctx: RequestContext) {
    return this.bus.request(ConnectionsRpc.list, ctx, {});
  }

  @Audited(AUDIT.connectionCreated)
  @Post()
  @HttpCode(200)
  @Authenticated()
  @RateLimited('credentialCheck')
  @ApiOperation({
    summary: 'Store platform credentials, checked against the platform',
    description:
      'The credentials are checked (a token, then the organization named by organizationId) and the result is ' +
      'reported in `validation`; the connection is stored even when the check fails, so it can be corrected ' +
      'with PATCH. The client secret is encrypted at rest (AES-256-GCM) and never returned. A `custom` host ' +
      'needs `customDomain`, over https and resolving to a public address (else 400, nothing stored). The check ' +
      'counts toward the same credential-check limit as `POST /api/connections/validate`. ' +
      CHECK_DEADLINE,
  })
  @ApiOkResponse({ type: CreatedConnectionDto })
  @ApiErrors(
    [400, 'Invalid body, a custom host without customDomain, or a customDomain that is refused'],
    [409, 'The caller already owns the maximum number of connections'],
  )
  create(@Ctx() ctx: RequestContext, @Body() body: CreateConnectionDto) {
    return this.bus.request(ConnectionsRpc.create, ctx, body, CREDENTIAL_CHECK_WAIT);
  }

  @Post('validate')
  @HttpCode(200)
  @Authenticated()
  @RateLimited('credentialCheck')
  @ApiOperation({
    summary: 'Check credentials against the platform; nothing is saved',
    description:
      '`ok` false with `error` in words: wrong client ID or secret, an organization the credentials do not ' +
      'reach, the platform unreachable or rate limiting, a refused custom domain (distinct messages, `code` says which). ' +
      CHECK_DEADLINE,
  })
  @ApiOkResponse({ type: ValidationResultDto })
  @ApiErrors([400, 'Invalid body, or a customDomain that is not a valid host or URL'])
  validate(@Ctx() ctx: RequestContext, @Body() body: ValidateConnectionDto) {
    return this.bus.request(ConnectionsRpc.validate, ctx, body, CREDENTIAL_CHECK_WAIT);
  }

  @Post('organizations')
  @HttpCode(200)
  @Authenticated()
  @RateLimited('credentialCheck')
  @ApiExtension('x-extension', {
    reason:
      'Choosing the organizationId of a new connection from the tree its credentials reach (not in the spec)',
  })
  @ApiOperation({
    summary:
      "The organizations credentials reach, to choose a new connection's organizationId; nothing is saved",
    description:
      'Given the host and client credentials (no organizationId), the organization tree they reach, root first ' +
      '(`isPrimary`: the root organization, the usual organizationId), with full paths. Nothing is saved or ' +
      `cached. Refused credentials answer 422 with the reason in words. ${ORGANIZATION_TREE_BOUNDS}`,
  })
  @ApiOkResponse({ type: OrganizationListDto })
  @ApiErrors(
    [400, 'Invalid body, or a customDomain that is not a valid host or URL'],
    [422, 'The platform refused the credentials, or the custom domain'],
    ORGANIZATION_TREE_UNREADABLE,
  )
  organizations(@Ctx() ctx: RequestContext, @Body() body: PlatformCredentialsDto) {
    return this.bus.request(ConnectionsRpc.discoverOrgs, ctx, body, CREDENTIAL_CHECK_WAIT);
  }

  @Get(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'A connection: the whole record for its owner, only id, name and host for a workspace member',
    description:
      'Its owner gets the whole record (never the secret). An active member of a workspace the connection ' +
      'is shared into gets only its id, name and host, enough to deploy with it. Anyone else gets 404.',
  })
  @ApiOkResponse({ type: ConnectionDetailDto })
  @ApiErrors(BAD_ID, NOT_VISIBLE)
  get(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(ConnectionsRpc.get, ctx, { id });
  }

  @Audited(AUDIT.connectionUpdated)
  @Patch(':id')
  @Authenticated()
  @RateLimited('credentialCheck', carriesCredentials)
  @ApiOperation({
    summary: 'Change a connection (owner)',
    description:
      '`clientId`, `clientSecret` and `organizationId` come all together or not at all (400 otherwise); a new ' +
      '`host` or `customDomain` needs them too, so the stored secret is never sent to another place. New ' +
      'credentials are checked again; the result is in `connection.validation_error`. A change that carries ' +
      'credentials counts toward the same credential-check limit as `POST /api/connections/validate` (429 ' +
      'past it); one without counts toward none.',
  })
  @ApiOkResponse({ type: ConnectionEnvelopeDto })
  @ApiErrors(
    [400, 'Invalid body, credential fields not all given, or a host change without credentials'],
    OWNER_ONLY,
    NOT_VISIBLE,
  )
  update(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: UpdateConnectionDto) {
    return this.bus.request(ConnectionsRpc.update, ctx, { ...body, id }, CREDENTIAL_CHECK_WAIT);
  }

  @Audited(AUDIT.connectionDeleted)
  @Delete(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'Delete a connection (owner)',
    description:
      'The connection and its encrypted secret are deleted, and every workspace share of it is removed first, ' +
      'so members lose access at once. Deployments made through it are not touched: what was applied on the ' +
      'platform stays there, and their records keep the connection id for history, but they can no longer be ' +
      'synced, unpublished or redeployed through it.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(BAD_ID, OWNER_ONLY, NOT_VISIBLE)
  remove(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(ConnectionsRpc.remove, ctx, { id });
  }

  @Audited(AUDIT.connectionRefreshed)
  @Post(':id/refresh')
  @HttpCode(200)
  @Authenticated()
  @RateLimited('refresh')
  @ApiExtension('x-extension', { reason: 'Drift refresh now (not in the spec)' })
  @ApiOperation({
    summary:
      'Extension: refresh now: check the drift of every live deployment made through the connection at once (owner)',
    description:
      'The check the periodic drift reconcile makes (`DRIFT_RECONCILE_INTERVAL_MS`), now: what the platform runs ' +
      'is compared with what the deployment applied; a difference is recorded (its author told once), and in a ' +
      'workspace that opted into self-heal a job applies it again. Limited per user and address ' +
      '(`RATE_LIMIT_REFRESHES_PER_MINUTE`).',
  })
  @ApiOkResponse({ type: ConnectionDriftRefreshDto })
  @ApiErrors(BAD_ID, OWNER_ONLY, NOT_VISIBLE)
  refresh(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(ConnectionsRpc.refresh, ctx, { id }, REFRESH_WAIT);
  }

  @Audited(AUDIT.connectionSynced)
  @Post(':id/sync')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary:
      'Check the stored credentials again and reconcile the deployments made through the connection (owner)',
    description:
      '`reconciliation` is null when the credentials failed validation or the sweep could not complete, with ' +
      'the reason in `validation.reason`. Otherwise it counts the live deployments made through the connection ' +
      'that the platform still has (`in_sync`), could not be asked about (`unknown`), and no longer has (`gone`).',
  })
  @ApiOkResponse({ type: SyncResultDto })
  @ApiErrors(BAD_ID, OWNER_ONLY, NOT_VISIBLE, STORED_CREDENTIALS)
  sync(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(ConnectionsRpc.sync, ctx, { id }, SYNC_WAIT);
  }

  @Get(':id/orgs')
  @Authenticated()
  @ApiOperation({
    summary:
      'The organization tree the credentials reach, root first, with full paths (owner and workspace members)',
    description:
      'Cached briefly per connection (CONNECTIONS_ORGS_CACHE_TTL_SECONDS); a change of credentials is seen at once. ' +
      ORGANIZATION_TREE_BOUNDS,
  })
  @ApiOkResponse({ type: OrganizationListDto })
  @ApiErrors(BAD_ID, NOT_VISIBLE, STORED_CREDENTIALS, ORGANIZATION_TREE_UNREADABLE)
  orgs(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(ConnectionsRpc.listOrgs, ctx, { id }, CREDENTIAL_CHECK_WAIT);
  }

  @Get(':id/workspaces')
  @Authenticated()
  @ApiOperation({
    summary: 'The workspaces the connection is shared into (owner)',
    description:
      'For the owner: the workspaces the connection is shared into, with the state of each share. A ' +
      'workspace member who may only use the connection gets 403.',
  })
  @ApiOkResponse({ type: ConnectionSharesDto })
  @ApiErrors(BAD_ID, OWNER_ONLY, NOT_VISIBLE)
  workspaces(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(ConnectionsRpc.listShares, ctx, { id });
  }

  @Get(':id/impact')
  @Authenticated()
  @ApiOperation({
    summary: 'What deleting the connection would touch (owner)',
    description:
      'Deployment counts come from the deployments service; this system has none yet, so no deployment can ' +
      'exist and they are zero.',
  })
  @ApiOkResponse({ type: ConnectionImpactDto })
  @ApiErrors(BAD_ID, OWNER_ONLY, NOT_VISIBLE)
  impact(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(ConnectionsRpc.impact, ctx, { id });
  }
}
