import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiExtension,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { DeploymentsRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { OkDto } from '../http/common.dto';
import { RateLimited } from '../http/rate-limit';
import { ValidHeaders } from '../http/validation';
import {
  CreateDeploymentDto,
  DeletedDeploymentDto,
  DeletedFailedDto,
  DeleteFailedDto,
  DeploymentEnvelopeDto,
  DeploymentListDto,
  DeploymentResultsDto,
  DeploymentDevVersionDto,
  DeploymentHistoryDto,
  DeploymentJobEnvelopeDto,
  DeploymentProvenanceEnvelopeDto,
  ListDeploymentsQuery,
  DeploymentSyncResultDto,
  DriftRefreshResultDto,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyHeaders,
  LOG_LAST_EVENT_ID_HEADER,
  LogStreamHeaders,
  DEPLOYMENT_CHECK_WAIT,
  ELIGIBILITY_UNKNOWN,
} from './deployments.dto';
import { LogStreams } from './log-stream';
import { DeploymentPlanDto } from './plan.dto';
import { AUDIT, Audited } from '../audit/audited';
import { BAD_ID, uuid } from '../http/uuid-param';

const NOT_VISIBLE: [number, string] = [
  404,
  "No such deployment, or not one the caller may see (its author's; a roll-out's deployment also its workspace members')",
];
const NOT_AUTHOR: [number, string] = [
  403,
  "An administrator (and, for a roll-out's deployment, its workspace's members) may read a deployment, only its author change it",
];

@ApiTags('deployments')
@Controller('deployments')
export class DeploymentsController {
  constructor(
    private readonly bus: BusClient,
    private readonly logs: LogStreams,
  ) {}

  @Get()
  @Authenticated()
  @ApiOperation({
    summary: "The caller's deployments, newest first",
    description:
      'Cursor pagination: `limit` rows (default and maximum in the schema); `pagination.next_cursor` is passed ' +
      'as `cursor` for the next page and is null on the last. Filters: `rulesetId`, `policyId`, `assetType`. ' +
      "A roll-out's deployments are listed while the caller is a member of its workspace, as they are read by id.",
  })
  @ApiOkResponse({ type: DeploymentListDto })
  @ApiErrors([400, 'Invalid query or cursor'])
  list(@Ctx() ctx: RequestContext, @Query() query: ListDeploymentsQuery) {
    return this.bus.request(DeploymentsRpc.list, ctx, query);
  }

  @Audited(AUDIT.deploymentCreated)
  @Post()
  @Authenticated()
  @ApiOperation({
    summary: 'Deploy a policy or a ruleset to target organizations (one deployment and one job per target)',
    description:
      'Checks that the caller may deploy the policy (or, with `assetType: ruleset`, the ruleset), that the connection is theirs or shared into the workspace ' +
      '(an active member, the workspace not archived), and that each target is an organization the connection may ' +
      'deploy to. 201 when every target was enqueued; 207 (same body) when some were not: see each `ok` and `error`. ' +
      'A second identical request while the first is in flight returns the same deployment with `deduped: true`. ' +
      'With `Idempotency-Key`, a retry with the same body returns the first answer (and status); another body: 422. ' +
      'What was reviewed is what ships (an extension): a build of a published policy or ruleset without `ref` ' +
      "builds the commit pinned at review, and the worker checks the fetched tree's content digest against the " +
      'pin before building (a mismatch fails the job, nothing is published). Another `ref` is a dev build, for ' +
      'the owner and administrators only, with a connection of their own (403 otherwise), never a release ' +
      '(422), marked `reviewed: false`; so is every build of an item not yet published (its owner sees it). ' +
      'A plan before apply (an extension): `dryRun: true` runs every check and answers 200 with what apply ' +
      'would do per target, writing nothing (no audit entry either).',
  })
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  @ApiOkResponse({
    type: DeploymentPlanDto,
    description: 'An extension: with `dryRun: true`, what apply would do per target (nothing written)',
  })
  @ApiCreatedResponse({ type: DeploymentResultsDto, description: 'Every target enqueued' })
  @ApiResponse({ status: 207, type: DeploymentResultsDto, description: 'Some targets were not enqueued' })
  @ApiErrors(
    [
      400,
      'Invalid body (including a version that is not MAJOR.MINOR.PATCH, or policyId/rulesetId not matching assetType)',
    ],
    [404, 'No such policy, ruleset or workspace visible to the caller'],
    [
      403,
      'A `ref` (or `implementationRef`) other than the reviewed commit by someone who is not the owner or an ' +
        'administrator, or with a connection that is not their own',
    ],
    [
      409,
      'The workspace is archived, a request with this Idempotency-Key is still being processed, or the policy ' +
        'or ruleset is not pinned to a reviewed commit (an administrator pins it first: POST ' +
        '/api/policies/{id}/pin or /api/rulesets/{id}/pin)',
    ],
    [
      422,
      'The connection is not usable in this workspace, the Idempotency-Key was used with another body, or a ' +
        'release names a ref other than the reviewed commit',
    ],
    [
      429,
      'Over a per-user limit: deployments queued or running at once, or target organizations per hour (Retry-After); nothing was created',
    ],
    [502, ELIGIBILITY_UNKNOWN],
  )
  async create(
    @Ctx() ctx: RequestContext,
    @Body() body: CreateDeploymentDto,
    @ValidHeaders() headers: IdempotencyHeaders,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    if (body.dryRun) {
      const { dryRun: _dryRun, ...request } = body;
      void reply.status(200);
      return this.bus.request(DeploymentsRpc.plan, ctx, request, DEPLOYMENT_CHECK_WAIT);
    }
    const { status, results } = await this.bus.request(
      DeploymentsRpc.create,
      ctx,
      { ...body, idempotencyKey: headers['idempotency-key'] },
      DEPLOYMENT_CHECK_WAIT,
    );
    void reply.status(status);
    return { results };
  }

  @Audited(AUDIT.failedDeploymentsDeleted)
  @Post('delete-failed')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: "Delete the caller's failed deployments (optionally of one policy), with their jobs and logs",
    description:
      'Removes every failed deployment of the caller (of one policy, with `policyId`) that DELETE of it would ' +
      "remove, with its jobs and logs: a roll-out's only while the caller is a member of its workspace and once " +
      'the roll-out has ended; others are untouched. Answers how many were deleted, and their ids.',
  })
  @ApiOkResponse({ type: DeletedFailedDto })
  @ApiErrors([400, 'Invalid body'])
  deleteFailed(@Ctx() ctx: RequestContext, @Body() body: DeleteFailedDto) {
    return this.bus.request(DeploymentsRpc.deleteFailed, ctx, body);
  }

  @Get(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'One deployment (extension: not in the spec)',
    description:
      'Not in the specification: added so that a client following one deployment can read its status.',
  })
  @ApiOkResponse({ type: DeploymentEnvelopeDto })
  @ApiErrors(BAD_ID, NOT_VISIBLE)
  get(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.get, ctx, { id });
  }

  @Get(':id/provenance')
  @Authenticated()
  @ApiOperation({
    summary: "The signed provenance of a deployment's published artifacts (extension: not in the spec)",
    description:
      'A DSSE envelope (Ed25519) of an in-toto Statement v1 with a SLSA Provenance v1 predicate: the artifacts ' +
      'and their sha256, the source repository, commit and content digest, the build and its times, the ' +
      'deployment and job. `verification` is what the service checked (signature against the served keys, the ' +
      "artifact's digest, the source against the review's pin); verify it yourself with `npm run " +
      'verify-provenance` (README). The registry keeps the same envelope beside the asset version ' +
      '(`provenance.intoto.json`). 404 until the job has built.',
  })
  @ApiOkResponse({ type: DeploymentProvenanceEnvelopeDto })
  @ApiErrors(BAD_ID, [404, "No such deployment, not one of the caller's, or nothing published yet"])
  provenance(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.provenance, ctx, { id });
  }

  @Audited(AUDIT.deploymentDeleted)
  @Delete(':id')
  @Authenticated()
  @ApiOperation({
    summary: 'Delete a failed deployment with its jobs and logs',
    description:
      "Only a failed deployment can be deleted (409 otherwise), by its author, and a roll-out's only once the " +
      'roll-out has ended (409 before: its rollback restores the organization through it); its jobs and ' +
      'logs go with it.',
  })
  @ApiOkResponse({ type: DeletedDeploymentDto })
  @ApiErrors(BAD_ID, NOT_AUTHOR, NOT_VISIBLE, [
    409,
    'The deployment is not failed, or its roll-out has not ended',
  ])
  remove(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.remove, ctx, { id });
  }

  @Audited(AUDIT.deploymentCancelled)
  @Post(':id/cancel')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Cancel the job in flight',
    description:
      'A queued job is cancelled at once; a running one stops at its next step or kills its build. `ok` is false ' +
      'when nothing was in flight (a finished deployment): nothing changed, and the audit log records nothing.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(BAD_ID, NOT_AUTHOR, NOT_VISIBLE)
  cancel(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.cancel, ctx, { id });
  }

  @Audited(AUDIT.deploymentSynced)
  @Post(':id/sync')
  @HttpCode(200)
  @Authenticated()
  @ApiOperation({
    summary: 'Reconcile one deployment with the platform',
    description:
      "Reads the deployment's state on the platform now and records it: a deployment removed out of band is " +
      'marked drifted (and `deployment.drift_detected` webhooks are called), instead of waiting for the ' +
      'periodic synchronisation.',
  })
  @ApiOkResponse({ type: DeploymentSyncResultDto })
  @ApiErrors(BAD_ID, NOT_AUTHOR, NOT_VISIBLE)
  sync(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.sync, ctx, { id });
  }

  @Audited(AUDIT.deploymentRefreshed)
  @Post(':id/refresh')
  @HttpCode(200)
  @Authenticated()
  @RateLimited('refresh')
  @ApiExtension('x-extension', { reason: 'Drift refresh now (not in the spec)' })
  @ApiOperation({
    summary: "Extension: refresh now: check the deployment's drift with the platform at once",
    description:
      'The check the periodic drift reconcile makes (`DRIFT_RECONCILE_INTERVAL_MS`), now: what the platform runs ' +
      'is compared with what the deployment applied; a difference is recorded (its author told once), and in a ' +
      'workspace that opted into self-heal a job applies it again. Limited per user and address ' +
      '(`RATE_LIMIT_REFRESHES_PER_MINUTE`).',
  })
  @ApiOkResponse({ type: DriftRefreshResultDto })
  @ApiErrors(BAD_ID, NOT_VISIBLE)
  refresh(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.refreshDrift, ctx, { id });
  }

  @Audited(AUDIT.deploymentUnpublished)
  @Post(':id/unpublish')
  @Authenticated()
  @ApiOperation({
    summary: 'Enqueue removal from the organization and of the -dev versions',
    description: 'Returns the job, or null when there is nothing to remove (the deployment did not succeed).',
  })
  @ApiCreatedResponse({ type: DeploymentJobEnvelopeDto })
  @ApiErrors(BAD_ID, NOT_AUTHOR, NOT_VISIBLE)
  unpublish(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.unpublish, ctx, { id });
  }

  @Audited(AUDIT.deploymentReleaseDeleted)
  @Post(':id/delete-release')
  @Authenticated()
  @ApiOperation({
    summary: 'Enqueue deletion of the released version from the registry',
    description: 'Returns the job, or null when nothing was released.',
  })
  @ApiCreatedResponse({ type: DeploymentJobEnvelopeDto })
  @ApiErrors(BAD_ID, NOT_AUTHOR, NOT_VISIBLE)
  deleteRelease(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.deleteRelease, ctx, { id });
  }

  @Get(':id/dev-version')
  @Authenticated()
  @ApiOperation({
    summary: 'Does a -dev version of this deployment remain in the registry? (read-only)',
    description:
      'Whether the registry still holds the `-dev` version that a dev build of this deployment published. ' +
      'Reads the registry only; changes nothing.',
  })
  @ApiOkResponse({ type: DeploymentDevVersionDto })
  @ApiErrors(BAD_ID, NOT_VISIBLE)
  devVersion(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.devVersion, ctx, { id });
  }

  @Get(':id/history')
  @Authenticated()
  @ApiOperation({
    summary: "The deployment's jobs, the latest job and its most recent log chunks",
    description:
      'Every job of the deployment (attempts and re-deployments; a self-heal of a drifted deployment is a ' +
      '`deploy` job marked `self_heal: true`, its log starting `Self-heal after drift`), the latest job, and ' +
      "its most recent log chunks, to show a deployment's page without opening the log stream.",
  })
  @ApiOkResponse({ type: DeploymentHistoryDto })
  @ApiErrors(BAD_ID, NOT_VISIBLE)
  history(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.history, ctx, { id });
  }

  @Get(':id/logs')
  @Authenticated()
  @ApiProduces('text/event-stream')
  @ApiHeader(LOG_LAST_EVENT_ID_HEADER)
  @ApiOperation({
    summary: "Stream the latest job's log (server-sent events)",
    description:
      'Replays the stored chunks, follows the live ones until the job ends, then sends `end` and closes. ' +
      'Events: `log` — `id: <job id>:<seq>`, `data`: a LogChunk (`{seq, job_id, step, level, text, at}`); ' +
      '`end` — `data`: `{deployment_id, job_id, status, error}` (status `succeeded`, `failed` or `cancelled`). ' +
      'Comment lines (`: heartbeat`) keep idle connections open. Reconnect with `Last-Event-ID` to get exactly ' +
      'what was missed. Any gateway replica serves any job. The gateway ends a stream early with `closed` — ' +
      '`data`: `{reason}`: `credentials_revoked` (the token was revoked or the session ended), ' +
      '`credentials_expired` (the token or session reached its expiry), `slow_reader` (more than 1 MiB ' +
      'waited for the client) or `shutting_down` (this gateway replica is stopping: reconnect with ' +
      '`Last-Event-ID`, another replica serves it). Extension: at most `LOG_STREAMS_MAX_PER_USER` open ' +
      'streams per user, over all gateway replicas. `HEAD` answers the headers (or the error) and ends at ' +
      'once: it opens no stream and counts toward no limit.',
  })
  @ApiResponse({
    status: 200,
    description: 'text/event-stream of `log` events then one `end` event',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiErrors(BAD_ID, NOT_VISIBLE, [
    429,
    'The caller already has the most open log streams allowed (Retry-After); close one first',
  ])
  logStream(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @ValidHeaders() headers: LogStreamHeaders,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.logs.stream(ctx, id, req, reply, headers['last-event-id']);
  }
}
