import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import {
  CatalogRpc,
  CHANGES_FILES_MAX,
  CONNECTION_LIMITS,
  ConnectionsRpc,
  REFS_LISTED_MAX,
  type RequestContext,
  REVISIONS_LIMIT,
} from '@pc/contracts';
import { ApiErrors, Authenticated, Ctx, OptionalAuth, SOURCE_HOST_UNREADABLE } from '../auth/auth.decorators';
import { RateLimited } from '../http/rate-limit';
import { ConditionalRead, PUBLIC_READ_HEADERS } from '../public-reads/public-reads.decorators';
import { flatListPagingDescription, OkDto } from '../http/common.dto';
import {
  BranchInfoDto,
  HistoryPageDto,
  HistoryQuery,
  IssuesEnabledDto,
  ListPoliciesQuery,
  PinPolicyDto,
  PolicyEnvelopeDto,
  PolicyDocsDto,
  PolicyListDto,
  ReviewerStatusDto,
  SlugParams,
  UpdatePolicyDto,
  VendorPolicyEnvelopeDto,
} from './policies.dto';
import { CreatedRevisionDto, CreateRevisionDto, RevisionListDto, RevisionsQuery } from './revisions.dto';
import { CreatedTransferDto, CreateTransferDto } from './transfers.dto';
import {
  ConnectionIdQuery,
  ORGANIZATION_TREE_BOUNDS,
  ORGANIZATION_TREE_UNREADABLE,
  OrganizationListDto,
} from '../connections/connections.dto';
import { AUDIT } from '../audit/audited';
import { LikedDto } from '../listings/listing.dto';
import { listingController, type ListingRoutes, RouteOrder } from '../listings/listing.controller';
import { uuid } from '../http/uuid-param';

const MISSING: [number, string] = [404, 'No such policy, or not visible'];

/** Policies as listings: their URLs, messages, DTOs and the document's words for the shared routes. */
const POLICIES: ListingRoutes = {
  kind: 'policy',
  plural: 'policies',
  tag: 'policies',
  rpc: {
    list: CatalogRpc.listPolicies,
    vendor: CatalogRpc.getVendorPolicy,
    get: CatalogRpc.getPolicy,
    update: CatalogRpc.updatePolicy,
    pin: CatalogRpc.pinPolicy,
    changesSinceReview: CatalogRpc.getChangesSinceReview,
    liked: CatalogRpc.getLike,
    like: CatalogRpc.toggleLike,
    reviewer: CatalogRpc.getReviewerStatus,
  },
  dtos: {
    listQuery: ListPoliciesQuery,
    list: PolicyListDto,
    slugParams: SlugParams,
    vendorEnvelope: VendorPolicyEnvelopeDto,
    envelope: PolicyEnvelopeDto,
    update: UpdatePolicyDto,
    pin: PinPolicyDto,
    liked: LikedDto,
    reviewerStatus: ReviewerStatusDto,
    transfer: CreateTransferDto,
    transferCreated: CreatedTransferDto,
  },
  audit: {
    updated: AUDIT.policyUpdated,
    pinned: AUDIT.policyPinned,
    transferOffered: AUDIT.policyTransferOffered,
  },
  text: {
    list: {
      summary: 'List and search policies',
      description:
        "Community policies (approved ones, plus the caller's own) or, with source=vendor, the vendor index. " +
        '`q` matches words and word prefixes (full text over name, category, asset kinds and description) and ' +
        'parts of names. Sorted by name unless `sort` says otherwise. Pages of `limit` (1 to 200, default 100, ' +
        'and at most 512 KiB: a page may be shorter); `hasMore` says whether another page exists and ' +
        '`nextCursor` fetches it. `offset` is capped at 10,000.',
      errors: [[400, 'A query parameter is invalid']],
    },
    vendor: {
      summary: 'A vendor policy of the index, with its documentation body',
      description:
        'A policy of the `vendor` index (loaded from its folder at start or by POST ' +
        '/admin/vendor-index/reload), by its slug, with the Markdown documentation body. Anyone may read it.',
      errors: [[404, 'The slug is not (or no longer) in the index']],
    },
    get: {
      summary: 'A policy the caller may see',
      description:
        'Anonymous callers see published policies; the owner also sees theirs under review, and ' +
        'administrators see all. A policy the caller may not see answers 404, never 403, so its existence is ' +
        'not disclosed. Anonymous answers carry an ETag for conditional requests.',
      errors: [[404, 'No such policy, or not visible to the caller']],
    },
    update: {
      summary: 'Edit a policy (owner; sourceRef and implementationSourceRef: administrators only)',
      description:
        'Omitted fields stay as they are. Before the policy is published every field applies at once, except the ' +
        'repository URLs (422: they change through PATCH /submissions/{id}, which validates them). On a published ' +
        'policy, `description`, `sourceHostUrl` and `implementationSourceHostUrl` are not changed by PATCH: a new ' +
        'value is filed as a pending revision (as POST /policies/{id}/revisions would; owner only, 403 for ' +
        'administrators too; 409 when one is already pending for that field, 422 when the value is invalid) and the ' +
        'live value changes only when an administrator approves it. Everything is checked before anything is ' +
        'written: a refused request changes nothing.',
      errors: [
        [400, 'A field is invalid (details lists each)'],
        [403, 'Not the owner (or, for sourceRef, implementationSourceRef, not an administrator)'],
        MISSING,
        [409, 'A revision of that field is already pending, or the policy was reviewed meanwhile'],
        [422, 'The proposed value or repository is invalid, or a repository change before publication'],
        SOURCE_HOST_UNREADABLE,
      ],
    },
    pin: {
      summary: 'Pin a published policy to a reviewed commit (extension: not in the spec)',
      description:
        'Administrators only. Releases build the commit pinned on the policy (approval pins the commit the ' +
        'submission was validated at; an approved repository revision moves it). This route pins a policy that ' +
        'has no pin (migrated from an approval that recorded no commit: its releases are refused until then), ' +
        'or moves the pin by hand: the repository is validated at `commit` (default: the source ref now) and ' +
        'that commit and its content digest are pinned.',
      errors: [
        [400, 'Invalid body (a commit that is not a full hexadecimal SHA)'],
        [404, 'No such policy'],
        [409, 'An approval or another pin moved the policy while its repository was checked: pin it again'],
        [
          422,
          'The policy is not published, or the repository is not a valid policy repository at that commit',
        ],
        SOURCE_HOST_UNREADABLE,
      ],
    },
    changesSinceReview: {
      summary: 'How far the source refs moved on since the reviewed commit (extension: not in the spec)',
      description:
        "From the source host's compare of the pinned commit with each source ref's head: the commits it is " +
        `ahead and the files changed (at most ${CHANGES_FILES_MAX} per repository), so the owner knows to propose a ` +
        'revision (approving it moves the pin). `pinned: false` when nothing is pinned.',
      errors: [[404, 'No such policy, or not visible, or its repository is gone'], SOURCE_HOST_UNREADABLE],
    },
    liked: {
      summary: "The caller's like",
      description: 'Whether the caller likes the policy.',
      errors: [MISSING],
    },
    like: {
      summary: "Toggles the caller's like; answers the resulting state",
      description:
        "Adds the caller's like if absent, removes it if present, and answers the resulting state.",
      errors: [MISSING],
    },
    reviewer: {
      summary: 'Whether the caller reviews this policy (administrators, and reviewers designated for it)',
      description:
        'Answers true for administrators and for users an administrator designated as reviewers of this ' +
        'policy (POST /admin/policies/{id}/reviewers), false otherwise.',
      errors: [MISSING],
    },
    transfer: {
      summary: 'Offer the policy to another user (by username, with or without @, or email)',
      description:
        'Offers ownership of the policy to another user, named by username or email; the recipient accepts or ' +
        'rejects it (POST /transfers/{id}/accept or reject), and the offer expires otherwise. An unknown ' +
        'username and an unknown email answer the same 404.',
      errors: [
        [400, 'No recipient given, or a malformed one'],
        [404, 'No such policy, or no user with that username or email (the same for both)'],
        [409, 'A transfer of this policy is already pending'],
        [422, 'The recipient is the caller'],
      ],
    },
  },
};

@RouteOrder(
  'list',
  'vendor',
  'get',
  'update',
  'docs',
  'history',
  'issuesEnabled',
  'pin',
  'changesSinceReview',
  'branches',
  'download',
  'reviewer',
  'orgs',
  'liked',
  'like',
  'revisions',
  'propose',
  'transfer',
)
@Controller()
export class PoliciesController extends listingController(POLICIES) {
  @Get('policies/:id/docs')
  @OptionalAuth()
  @ApiOperation({
    summary: 'Documentation tabs, ordered; callers who cannot edit see the overview and tabs with content',
    description:
      'The documentation tabs of a policy in their order. Its owner and administrators see every tab, empty ' +
      'ones included, to edit them; other callers see the overview and the tabs that have content.',
  })
  @ApiOkResponse({ type: PolicyDocsDto, headers: PUBLIC_READ_HEADERS })
  @ConditionalRead()
  @ApiErrors(MISSING)
  docs(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.reads.serve(ctx, request, reply, CatalogRpc.getPolicyDocs, { id });
  }

  @Get('policies/:id/history')
  @OptionalAuth()
  @ApiOperation({
    summary: 'Every change to the policy, newest first; page with limit and the opaque before cursor',
    description:
      'The owner and administrators see every entry. Others see the public facts only: no transfer offers, ' +
      'no reviewer feedback, and no user ids (actor_id is null).',
  })
  @ApiOkResponse({ type: HistoryPageDto, headers: PUBLIC_READ_HEADERS })
  @ConditionalRead()
  @ApiErrors([400, 'Invalid limit or cursor'], MISSING)
  history(
    @Ctx() ctx: RequestContext,
    @Param('id', uuid) id: string,
    @Query() query: HistoryQuery,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    return this.reads.serve(ctx, request, reply, CatalogRpc.getPolicyHistory, {
      id,
      ...query,
    });
  }

  @Get('policies/:id/issues-enabled')
  @OptionalAuth()
  @ApiOperation({
    summary: 'Whether the repository accepts issues: a live check cached about an hour; null when unreadable',
    description:
      "Asks the source host whether the policy's repository accepts issues, so the page can offer a link to " +
      'report one. The answer is cached for about an hour; `null` means the repository could not be read.',
  })
  @ApiOkResponse({ type: IssuesEnabledDto })
  @ApiErrors(MISSING)
  issuesEnabled(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(CatalogRpc.getIssuesEnabled, ctx, { id });
  }

  @Get('policies/:id/branches')
  @Authenticated()
  @RateLimited('branches')
  @ApiOperation({
    summary: 'Branches and tags of the policy repository (and of the implementation repository)',
    description:
      "Reads the branches and tags of the policy's repository (and of its implementation repository, for a " +
      'split policy) from the source host, to pick a ref to deploy: at most ' +
      `${REFS_LISTED_MAX} branches and ${REFS_LISTED_MAX} tags of each repository, with \`truncated: true\` ` +
      'when it has more (a ref not listed may still be named). A call out: limited per caller (429) and a ' +
      '502 when the source host fails.',
  })
  @ApiOkResponse({ type: BranchInfoDto })
  @ApiErrors(
    [404, 'No such policy, or not visible, or its repository is gone or private'],
    [422, 'The stored repository URL or ref cannot be read'],
    SOURCE_HOST_UNREADABLE,
  )
  branches(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(CatalogRpc.getBranches, ctx, { id });
  }

  @Post('policies/:id/download')
  @HttpCode(200)
  @Authenticated()
  @RateLimited('download')
  @ApiOperation({
    summary: 'Records that the install command was fetched',
    description:
      'Counts a download of the policy: the dashboard calls it when the install command is fetched. Limited ' +
      'per caller (429 with Retry-After), so that repeated calls do not inflate the count.',
  })
  @ApiOkResponse({ type: OkDto })
  @ApiErrors(MISSING)
  download(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string) {
    return this.bus.request(CatalogRpc.recordDownload, ctx, { id });
  }

  @Get('policies/:id/orgs')
  @Authenticated()
  @ApiOperation({
    summary: 'Organizations of a connection eligible for this policy',
    description:
      'Eligible: the policy is visible to the caller, the connection is theirs or shared into a workspace they ' +
      "are an active member of, and the platform lets the connection's credentials deploy to the organization " +
      "(its deployable organizations). `isPrimary` marks the connection's own organizationId. The platform's calls " +
      `end within ${CONNECTION_LIMITS.credentialCheckMs / 1000} s together, none tried again: a platform that ` +
      'has not answered by then is a 502. ' +
      ORGANIZATION_TREE_BOUNDS,
  })
  @ApiOkResponse({ type: OrganizationListDto })
  @ApiErrors(
    [400, 'The id or connectionId is not a UUID'],
    [404, 'No such policy or connection, or not visible to the caller'],
    [422, 'The stored credentials were refused by the platform: update the connection'],
    ORGANIZATION_TREE_UNREADABLE,
  )
  orgs(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Query() query: ConnectionIdQuery) {
    // Past the deadline of the platform's read: its timeout (502) reaches the caller, not a 504.
    return this.bus.request(
      ConnectionsRpc.listEligibleOrgs,
      ctx,
      { policyId: id, connectionId: query.connectionId },
      { timeoutMs: CONNECTION_LIMITS.credentialCheckWaitMs },
    );
  }

  @Get('policies/:id/revisions')
  @Authenticated()
  @ApiOperation({
    summary: "The caller's own revisions of this policy, newest first",
    description:
      'The revisions the caller proposed, whoever owns the policy now: after a transfer the new owner does not ' +
      "see the previous owner's. Administrators too see their own here (every pending revision is in the review " +
      'queue). ' +
      flatListPagingDescription(REVISIONS_LIMIT),
  })
  @ApiOkResponse({ type: RevisionListDto })
  @ApiErrors([400, 'A malformed policy id, query parameter or cursor'], MISSING)
  revisions(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Query() query: RevisionsQuery) {
    return this.bus.request(CatalogRpc.listRevisions, ctx, { id, ...query });
  }

  @Post('policies/:id/revisions')
  @Authenticated()
  @ApiOperation({
    summary: 'Propose a new description or repository URL for a published policy (owner)',
    description:
      'For the owner of a published policy: a new description or repository URL waits as a pending revision ' +
      'until an administrator approves it (POST /admin/revisions/{id}/approve). One pending revision per ' +
      'field (409); a new repository URL is read and validated first.',
  })
  @ApiCreatedResponse({ type: CreatedRevisionDto })
  @ApiErrors(
    [400, 'The body is malformed'],
    MISSING,
    [409, 'A revision of that field is pending'],
    [
      422,
      'The policy is not published, the value is invalid (a repository URL is validated for shape), or an ' +
        'implementation repository for a unified policy',
    ],
    SOURCE_HOST_UNREADABLE,
  )
  propose(@Ctx() ctx: RequestContext, @Param('id', uuid) id: string, @Body() body: CreateRevisionDto) {
    return this.bus.request(CatalogRpc.createRevision, ctx, { policyId: id, ...body });
  }
}
