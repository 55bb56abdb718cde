import { applyDecorators, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiExtension, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { FollowsRpc, type RequestContext } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { ApiErrors, Authenticated, Ctx } from '../auth/auth.decorators';
import { FollowStateDto } from './follows.dto';
import { BAD_ID, uuid } from '../http/uuid-param';

const EXTENSION = ApiExtension('x-extension', {
  reason:
    "Following (not in the spec): a followed policy's or ruleset's new versions reach the follower's version.published webhooks",
});

/** A follow route: signed in, an extension, answered with the follow state; a bad id is 400. */
const FollowRoute = (
  operation: { summary: string; description: string },
  ...errors: Array<[number, string]>
) =>
  applyDecorators(
    Authenticated(),
    EXTENSION,
    ApiOperation(operation),
    ApiOkResponse({ type: FollowStateDto }),
    ApiErrors(BAD_ID, ...errors),
  );

/**
 * Extension: the caller follows a policy or a ruleset to hear of its new versions. Following is explicit
 * and apart from likes; identity keeps it and asks the owning service whether the caller sees the item.
 */
@ApiTags('follows')
@Controller()
export class FollowsController {
  constructor(private readonly bus: BusClient) {}

  @Get('policies/:id/follow')
  @FollowRoute(
    {
      summary: 'Extension: whether the caller follows the policy',
      description: 'Whether the caller follows the policy.',
    },
    [404, 'No such policy, or not visible to the caller'],
  )
  policy(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(FollowsRpc.get, ctx, { asset_type: 'policy', id });
  }

  @Put('policies/:id/follow')
  @FollowRoute(
    {
      summary: "Extension: follow the policy: its new versions reach the caller's version.published webhooks",
      description:
        "The caller follows the policy: each new version of it calls the caller's `version.published` " +
        'webhooks. Following twice changes nothing.',
    },
    [404, 'No such policy, or not visible to the caller'],
  )
  followPolicy(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(FollowsRpc.follow, ctx, { asset_type: 'policy', id });
  }

  @Delete('policies/:id/follow')
  @HttpCode(200)
  @FollowRoute({
    summary: 'Extension: stop following the policy (also one that is gone)',
    description:
      'The caller no longer follows the policy. Answers 200 also when they did not follow it, or when the ' +
      'policy is gone, so a client can always clean up.',
  })
  unfollowPolicy(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(FollowsRpc.unfollow, ctx, { asset_type: 'policy', id });
  }

  @Get('rulesets/:id/follow')
  @FollowRoute(
    {
      summary: 'Extension: whether the caller follows the ruleset',
      description: 'Whether the caller follows the ruleset.',
    },
    [404, 'No such ruleset, or not visible to the caller'],
  )
  ruleset(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(FollowsRpc.get, ctx, { asset_type: 'ruleset', id });
  }

  @Put('rulesets/:id/follow')
  @FollowRoute(
    {
      summary:
        "Extension: follow the ruleset: its new versions reach the caller's version.published webhooks",
      description:
        "The caller follows the ruleset: each new version of it calls the caller's `version.published` " +
        'webhooks. Following twice changes nothing.',
    },
    [404, 'No such ruleset, or not visible to the caller'],
  )
  followRuleset(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(FollowsRpc.follow, ctx, { asset_type: 'ruleset', id });
  }

  @Delete('rulesets/:id/follow')
  @HttpCode(200)
  @FollowRoute({
    summary: 'Extension: stop following the ruleset (also one that is gone)',
    description:
      'The caller no longer follows the ruleset. Answers 200 also when they did not follow it, or when the ' +
      'ruleset is gone.',
  })
  unfollowRuleset(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(FollowsRpc.unfollow, ctx, { asset_type: 'ruleset', id });
  }
}
