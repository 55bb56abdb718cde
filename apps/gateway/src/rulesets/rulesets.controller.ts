import { BadRequestException, Controller } from '@nestjs/common';
import { ApiExtraModels } from '@nestjs/swagger';
import { CHANGES_FILES_MAX, RulesetsRpc } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { PublicReads } from '../public-reads/public-reads';
import { RulesetViews } from './ruleset-views';
import {
  CreateRulesetTransferDto,
  ListRulesetsQuery,
  PinRulesetDto,
  RulesetEnvelopeDto,
  RulesetLikedDto,
  RulesetListDto,
  RulesetReviewerStatusDto,
  RulesetSlugParams,
  RulesetSummaryDto,
  RulesetTransferEnvelopeDto,
  UpdateRulesetDto,
  VendorRulesetEnvelopeDto,
  VendorRulesetSummaryDto,
} from './rulesets.dto';
import { AUDIT } from '../audit/audited';
import {
  LISTING_ROUTES,
  listingController,
  type ListingRoutes,
  RouteOrder,
} from '../listings/listing.controller';
import { BAD_ID } from '../http/uuid-param';
import { SOURCE_HOST_UNREADABLE } from '../auth/auth.decorators';
import { EVALUATOR_REFUSALS } from './evaluator-refusals';

const MISSING: [number, string] = [404, 'No such ruleset, or not visible to the caller'];
const PINS = 'What was reviewed is what ships';
const LIKES = 'Likes on rulesets, as on policies';

/** Rulesets as listings: their URLs, messages, DTOs and the document's words for the shared routes. */
const RULESETS: ListingRoutes = {
  kind: 'ruleset',
  plural: 'rulesets',
  tag: 'rulesets',
  rpc: {
    list: RulesetsRpc.list,
    vendor: RulesetsRpc.getVendorRuleset,
    get: RulesetsRpc.get,
    update: RulesetsRpc.update,
    pin: RulesetsRpc.pin,
    changesSinceReview: RulesetsRpc.getChangesSinceReview,
    liked: RulesetsRpc.getLike,
    like: RulesetsRpc.toggleLike,
    reviewer: RulesetsRpc.getReviewerStatus,
  },
  dtos: {
    listQuery: ListRulesetsQuery,
    list: RulesetListDto,
    slugParams: RulesetSlugParams,
    vendorEnvelope: VendorRulesetEnvelopeDto,
    envelope: RulesetEnvelopeDto,
    update: UpdateRulesetDto,
    pin: PinRulesetDto,
    liked: RulesetLikedDto,
    reviewerStatus: RulesetReviewerStatusDto,
    transfer: CreateRulesetTransferDto,
    transferCreated: RulesetTransferEnvelopeDto,
  },
  audit: {
    updated: AUDIT.rulesetUpdated,
    pinned: AUDIT.rulesetPinned,
    transferOffered: AUDIT.rulesetTransferOffered,
  },
  edit: atLeastOneLink,
  text: {
    list: {
      summary: 'List and search rulesets',
      description:
        "Community rulesets (published ones, plus the caller's own) or, with source=vendor, the vendor index. `q` " +
        'matches words as prefixes (name, profile name, description; ranked) and parts of the name (trigram); ' +
        '`category` `All Categories` means no filter; `scope` `agent-network` is an alias of `agent`. Pages of ' +
        '`limit` rows from `offset`, also cut short past 512 KiB of JSON; `hasMore` says whether rows remain after ' +
        'the ones returned.',
      errors: [[400, 'A query parameter is invalid']],
    },
    vendor: {
      extension: 'Vendor rulesets by slug, as GET /vendor-policies/{slug} serves vendor policies',
      summary: 'A vendor ruleset of the index, with its documentation body',
      description:
        'A ruleset of the `vendor` index (loaded from its folder at start or by POST ' +
        '/admin/vendor-index/reload), by its slug, with the Markdown documentation body. Anyone may read it.',
      errors: [
        [400, 'Not a slug'],
        [404, 'The slug is not (or no longer) in the index'],
      ],
    },
    get: {
      summary: 'A ruleset the caller may see (counts a view)',
      description:
        'Every answer counts a view, a 304 and a cached one too; views are added up by the gateway and ' +
        'reach `views` within about a second, and a cached answer shows the count of when it was read.',
      errors: [BAD_ID, MISSING],
    },
    update: {
      summary: 'Set or clear (empty string) the video tutorial and examples links (owner or administrator)',
      description:
        'For the owner and administrators: sets the video tutorial and examples links of a ruleset, or clears ' +
        'one with an empty string. Fields not sent stay as they are.',
      errors: [
        [400, 'Neither videoTutorialUrl nor examplesUrl, or not a URL'],
        [403, 'Not the owner or an administrator'],
        MISSING,
      ],
    },
    pin: {
      extension: `${PINS}: the reviewed commit a ruleset release builds, as for policies`,
      summary: 'Pin a published ruleset to a reviewed commit',
      description:
        'Administrators only. Releases build the commit pinned on the ruleset (approval pins the commit the ' +
        'submission was validated at; an approved update of the submission moves it). This route pins a ' +
        'ruleset that has no pin (published before pins, with a source ref that is not a commit: its releases ' +
        'are refused until then), or moves the pin by hand: the repository is validated at `commit` (default: ' +
        'the source ref now) and that commit and its content digest are pinned. The engine checks the ruleset ' +
        "and its examples on the rulesets service's evaluator, in the administrator's share of it (429 past " +
        'it, 503 when every evaluator is busy; both with Retry-After).',
      errors: [
        [400, 'Invalid body (a commit that is not a full hexadecimal SHA), or the id is not a UUID'],
        [404, 'No such ruleset'],
        [409, 'An approval or another pin moved the ruleset while its repository was checked: pin it again'],
        [
          422,
          'The ruleset is not published, or the repository is not a valid ruleset repository at that commit',
        ],
        SOURCE_HOST_UNREADABLE,
        ...EVALUATOR_REFUSALS,
      ],
    },
    changesSinceReview: {
      extension: `${PINS}: how far the source ref moved on since review, as for policies`,
      summary: 'How far the source ref moved on since the reviewed commit',
      description:
        "From the source host's compare of the pinned commit with the source ref's head: the commits it is " +
        `ahead and the files changed (at most ${CHANGES_FILES_MAX}), so the owner knows to submit an update ` +
        '(an edit of the approved submission; approving it moves the pin). `pinned: false` when nothing is ' +
        'pinned; `implementation` is always null.',
      errors: [
        BAD_ID,
        [404, 'No such ruleset, or not visible, or its repository is gone'],
        SOURCE_HOST_UNREADABLE,
      ],
    },
    liked: {
      extension: LIKES,
      summary: "The caller's like of the ruleset",
      description: 'Whether the caller likes the ruleset.',
      errors: [BAD_ID, MISSING],
    },
    like: {
      extension: LIKES,
      summary: 'Toggle the like; answers the resulting state',
      description:
        "Adds the caller's like if absent, removes it if present, and answers the resulting state.",
      errors: [BAD_ID, MISSING],
    },
    reviewer: {
      summary:
        "The caller's standing: administrators are reviewers (editor); the owner is an editor; others viewers",
      description:
        "The caller's role on the ruleset: administrators are reviewers (they edit), its owner an editor, " +
        'anyone else a viewer. The dashboard shows its editing controls from it.',
      errors: [BAD_ID, MISSING],
    },
    transfer: {
      extension:
        'The contract lists ruleset transfers (resourceType ruleset) but no way to offer one: this is the policy form for rulesets',
      summary:
        'Offer the ruleset to another user (owner); accepting it (POST /transfers/{id}/accept) moves ownership',
      description:
        'Same body and rules as POST /policies/{id}/transfers: a recipient by username (with or without @) or email.',
      errors: [
        [400, 'Neither recipientUsername nor recipientEmail, or malformed'],
        [403, 'Not the owner'],
        [404, 'No such ruleset, or no such recipient'],
        [409, 'A transfer of this ruleset is already pending'],
        [422, 'The recipient is the caller'],
      ],
    },
  },
};

@RouteOrder(...LISTING_ROUTES)
@ApiExtraModels(RulesetSummaryDto, VendorRulesetSummaryDto)
@Controller()
export class RulesetsController extends listingController(RULESETS) {
  constructor(
    bus: BusClient,
    reads: PublicReads,
    private readonly views: RulesetViews,
  ) {
    super(bus, reads);
  }

  /** Every answer of a ruleset's read counts a view. */
  protected override served(id: string): () => void {
    return () => this.views.count(id);
  }
}

/** PATCH needs at least one of the two links (400 otherwise). */
function atLeastOneLink(body: UpdateRulesetDto): UpdateRulesetDto {
  if (body.videoTutorialUrl === undefined && body.examplesUrl === undefined) {
    throw new BadRequestException({
      message: 'Validation failed',
      details: [{ field: 'videoTutorialUrl', message: 'or examplesUrl is required' }],
    });
  }
  return { videoTutorialUrl: body.videoTutorialUrl, examplesUrl: body.examplesUrl };
}
