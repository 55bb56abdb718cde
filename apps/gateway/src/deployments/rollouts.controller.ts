import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
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
import { DeploymentsRpc, type RequestContext, ROLLOUT_LIMITS as L, type RolloutAction } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { AUDIT, Audited } from '../audit/audited';
import { pagingDescription } from '../http/common.dto';
import { ValidHeaders } from '../http/validation';
import {
  DEPLOYMENT_CHECK_WAIT,
  ELIGIBILITY_UNKNOWN,
  ROLLOUT_LAST_EVENT_ID_HEADER,
  RolloutStreamHeaders,
} from './deployments.dto';
import { RolloutStreams } from './rollout-stream';
import { CreateRolloutDto, ListRolloutsQuery, RolloutEnvelopeDto, RolloutListDto } from './rollouts.dto';
import { BAD_ID, uuid } from '../http/uuid-param';

const EXTENSION = ApiExtension('x-extension', {
  reason: 'Progressive delivery: roll-outs in steps gated on the platform’s health (not in the spec)',
});
const NOT_VISIBLE: [number, string] = [
  404,
  "No such roll-out, or not one the caller may see (its author's and its workspace members')",
];
const ENDED: [number, string] = [409, 'The roll-out has ended, or its status does not allow this action'];

@ApiTags('rollouts')
@Controller('rollouts')
export class RolloutsController {
  constructor(
    private readonly bus: BusClient,
    private readonly streams: RolloutStreams,
  ) {}

  @Post()
  @Authenticated()
  @EXTENSION
  @ApiOperation({
    summary: 'Roll one version of a policy or ruleset out to many organizations in steps',
    description:
      'The body is a deployment request (every check of `POST /api/deployments` runs, with the same answers) ' +
      'whose targets come as `steps` (explicit lists) or `targetOrganizationIds` cut by `stepSizes` (e.g. ' +
      '`[1, 3, "rest"]`). Each step deploys its organizations (an ordinary deployment each, linked by ' +
      '`rollout_id`), waits until the platform reports each healthy (within `healthTimeoutSeconds`), bakes ' +
      '`bakeSeconds` while healthy, then starts the next. A failed deployment or a degraded or failing ' +
      'item halts it: later steps are not touched and the organizations changed get back the version each ran ' +
      'before (the item is removed where none ran); those versions are pinned against sync and self-heal. ' +
      'Nothing is created when the request is refused. Every organization of the roll-out counts toward the ' +
      "caller's deployment targets per hour (`DEPLOY_MAX_TARGETS_PER_HOUR`, as for `POST /api/deployments`) from " +
      'the roll-out’s creation: the organizations of running or paused roll-outs not deployed to yet count as ' +
      'targets of the hour, for roll-outs and deployment requests alike.',
  })
  @ApiCreatedResponse({ type: RolloutEnvelopeDto })
  @ApiErrors(
    [
      400,
      'Invalid body: an empty step, an organization named twice, sizes that do not cover the targets, a bake time or health timeout out of range',
    ],
    [404, 'No such policy, ruleset or workspace visible to the caller'],
    [403, 'A ref other than the reviewed commit by someone who may not build it'],
    [
      409,
      'Another active roll-out of this item holds one of the organizations (the message names the roll-out and the organization), or the workspace is archived',
    ],
    [
      422,
      'An organization the connection cannot deploy to (each named in `details`), or the connection is not usable in this workspace',
    ],
    [
      429,
      'Too many active roll-outs of the caller, or its organizations would take the caller past the deployment targets per hour (Retry-After)',
    ],
    [502, ELIGIBILITY_UNKNOWN],
  )
  @Audited(AUDIT.rolloutCreated)
  create(@Ctx() ctx: RequestContext, @Body() body: CreateRolloutDto) {
    return this.bus.request(DeploymentsRpc.createRollout, ctx, body, DEPLOYMENT_CHECK_WAIT);
  }

  @Get()
  @Authenticated()
  @EXTENSION
  @ApiOperation({
    summary: "The caller's roll-outs, newest first",
    description:
      'The roll-outs the caller started in the workspaces they are a member of (as they are read by id), ' +
      'newest first, with their status and progress. ' +
      pagingDescription({ min: 1, max: L.pageMax, default: L.pageDefault }),
  })
  @ApiOkResponse({ type: RolloutListDto })
  @ApiErrors([400, 'Invalid query or cursor'])
  list(@Ctx() ctx: RequestContext, @Query() query: ListRolloutsQuery) {
    return this.bus.request(DeploymentsRpc.listRollouts, ctx, query);
  }

  @Get(':id')
  @Authenticated()
  @EXTENSION
  @ApiOperation({
    summary: 'A roll-out: its steps, each organization’s state and health, the reason of a halt',
    description:
      "The roll-out's steps (waves of organizations), the state and last health check of each organization, " +
      "and why it halted, if it did. Its author and its workspace's members may read it.",
  })
  @ApiOkResponse({ type: RolloutEnvelopeDto })
  @ApiErrors(BAD_ID, NOT_VISIBLE)
  get(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(DeploymentsRpc.getRollout, ctx, { id });
  }

  @Post(':id/pause')
  @HttpCode(200)
  @Authenticated()
  @EXTENSION
  @ApiOperation({
    summary: 'Pause: no new step or phase starts (deployments in flight finish)',
    description:
      'No new step or phase starts while paused; deployments already running finish. A roll-out that has ' +
      'ended, or is not running, answers 409.',
  })
  @ApiOkResponse({ type: RolloutEnvelopeDto })
  @ApiErrors(BAD_ID, NOT_VISIBLE, ENDED)
  @Audited(AUDIT.rolloutPaused)
  pause(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.act(ctx, id, 'pause');
  }

  @Post(':id/resume')
  @HttpCode(200)
  @Authenticated()
  @EXTENSION
  @ApiOperation({
    summary: 'Resume a paused roll-out',
    description:
      'The paused roll-out continues with its next step. A roll-out that has ended, or is not paused, ' +
      'answers 409.',
  })
  @ApiOkResponse({ type: RolloutEnvelopeDto })
  @ApiErrors(BAD_ID, NOT_VISIBLE, ENDED)
  @Audited(AUDIT.rolloutResumed)
  resume(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.act(ctx, id, 'resume');
  }

  @Post(':id/abort')
  @HttpCode(200)
  @Authenticated()
  @EXTENSION
  @ApiOperation({
    summary: 'Abort: stop, keep what is applied (`aborted`)',
    description:
      'No step starts after the answer, and the roll-out’s deployments whose job has not started are ' +
      'cancelled with it (their organizations `skipped`), so nothing new is applied once this answers. A ' +
      'deployment already running may finish: what it applies stays, like everything applied before, and its ' +
      'organization, `deploying` until then, becomes `applied` or `failed` (with an event) as it ends.',
  })
  @ApiOkResponse({ type: RolloutEnvelopeDto })
  @ApiErrors(BAD_ID, NOT_VISIBLE, ENDED)
  @Audited(AUDIT.rolloutAborted)
  abort(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.act(ctx, id, 'abort');
  }

  @Post(':id/rollback')
  @HttpCode(200)
  @Authenticated()
  @EXTENSION
  @ApiOperation({
    summary: 'Roll back: stop and restore what each changed organization ran before (`rolled_back`), pinned',
    description:
      'Stops the roll-out and restores, in each organization it changed, what ran there before; those ' +
      'organizations are pinned to that version. The roll-out ends as `rolled_back`. One that has already ' +
      'ended answers 409.',
  })
  @ApiOkResponse({ type: RolloutEnvelopeDto })
  @ApiErrors(BAD_ID, NOT_VISIBLE, ENDED)
  @Audited(AUDIT.rolloutRolledBack)
  rollback(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.act(ctx, id, 'rollback');
  }

  @Get(':id/events')
  @Authenticated()
  @EXTENSION
  @ApiProduces('text/event-stream')
  @ApiHeader(ROLLOUT_LAST_EVENT_ID_HEADER)
  @ApiOperation({
    summary: "Stream a roll-out's events (server-sent events)",
    description:
      'Replays the stored events, follows the live ones, then sends `end` once the roll-out has ended. ' +
      'Events: `rollout` — `id: <seq>`, `data`: a RolloutEvent (`{seq, rollout_id, type, status, step, ' +
      'organization_id, state, message, at}`); `end` — `data`: `{rollout_id, status, halt_reason}`. Comment ' +
      'lines keep idle connections open. The gateway ends a stream early with `closed` — `data`: `{reason}`, ' +
      "as the deployment log's: `credentials_revoked`, `credentials_expired`, `slow_reader` (the reader is " +
      'more than 1 MiB behind) or `shutting_down` (this gateway replica is stopping). Reconnect with ' +
      '`Last-Event-ID` to get exactly what was missed. Open streams count toward `LOG_STREAMS_MAX_PER_USER`; ' +
      '`HEAD` answers the headers (or the error) and ends at once, opening no stream.',
  })
  @ApiResponse({
    status: 200,
    description: 'text/event-stream of `rollout` events then one `end` event',
    content: { 'text/event-stream': { schema: { type: 'string' } } },
  })
  @ApiErrors(BAD_ID, NOT_VISIBLE, [429, 'The caller already has the most open streams allowed (Retry-After)'])
  events(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @ValidHeaders() headers: RolloutStreamHeaders,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.streams.stream(ctx, id, req, reply, headers['last-event-id']);
  }

  private act(ctx: RequestContext, id: string, name: RolloutAction) {
    return this.bus.request(DeploymentsRpc.rolloutAction, ctx, { id, action: name });
  }
}
