import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CHANGES_FILES_MAX,
  COMMIT_SHA_MAX,
  COMMIT_SHA_PATTERN,
  DOC_TAB_KEY_PATTERN,
  DOC_TAB_KINDS,
  type DocTabKind,
  IDEA_COVERAGES,
  IDEA_PHASES,
  type IdeaCoverage,
  type IdeaPhase,
  PIN_ORIGINS,
  type PinOrigin,
  REFS_LISTED_MAX,
  VENDOR_SLUG_PATTERN,
} from '@pc/contracts';
import { IsString, Matches, MaxLength } from 'class-validator';
import { Optional } from '../http/common.dto';
import { OptionalInteger, RequiredString } from '../http/schema-fields';

/**
 * Shapes every kind of listing shares. A kind's component keeps its own name in the OpenAPI document (a
 * subclass: `RulesetLikedDto extends LikedDto`), with the fields that are truly its own.
 */

/** A commit an administrator pins (default: the commit the source ref points to now). */
export const PinnedCommit = (description: string) =>
  applyDecorators(
    ApiPropertyOptional({ pattern: COMMIT_SHA_PATTERN.source, maxLength: COMMIT_SHA_MAX, description }),
    Optional(),
    // In the order stacked decorators register (bottom up), so a refused commit's details keep theirs.
    Matches(COMMIT_SHA_PATTERN),
    MaxLength(COMMIT_SHA_MAX),
    IsString(),
  );

/** A declared ideas field's transform: idea ids, or `{ideaId, coverage, scopeNote}` objects. */
export const declarationsOf =
  (Declaration: new () => { ideaId: string }) =>
  ({ value }: { value: unknown }): unknown =>
    Array.isArray(value)
      ? value.map((v: unknown) =>
          typeof v === 'string' ? Object.assign(new Declaration(), { ideaId: v }) : v,
        )
      : value;

export class LikedDto {
  @ApiProperty() liked!: boolean;
}

export class ContributorDto {
  @ApiProperty({ format: 'uuid' }) user_id!: string;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiProperty() name!: string;
}

/**
 * The fields of an idea a listing delivers (or declares it will), with the kind's words for `slug` and
 * whether its entries always have one.
 */
export function ideaDeliveryFields(slug: { description?: string; required?: boolean }) {
  const { required, ...schema } = slug;
  const SlugProperty = required ? ApiProperty : ApiPropertyOptional;
  class IdeaDeliveryFields {
    @ApiProperty({ format: 'uuid' }) id!: string;
    @SlugProperty(schema) slug?: string;
    @ApiProperty() title!: string;
    @ApiProperty({ enum: IDEA_PHASES }) phase!: IdeaPhase;
    @ApiProperty({ enum: IDEA_COVERAGES }) coverage!: IdeaCoverage;
    @ApiProperty({ type: String, nullable: true }) scope_note!: string | null;
    @ApiProperty() completes_idea!: boolean;
  }
  return IdeaDeliveryFields;
}

/** A kind's bounds on a documentation tab as a client sends it, with the words its document adds. */
export interface DocTabInputLimits {
  /** The key's pattern and length; `lengthChecked`: its length is refused on its own besides the pattern. */
  key: { pattern: string; maxLength: number; lengthChecked: boolean };
  title: { maxLength: number; description?: string };
  bodyMd: { maxLength: number; description?: string };
  sortOrder: { minimum: number; maximum: number };
}

/**
 * A documentation tab as a kind's submission or docs route takes it: its key, title, Markdown body and
 * place, within the kind's limits. The kind's component subclasses it under its own name.
 */
export function docTabInput(limits: DocTabInputLimits) {
  const { pattern, maxLength, lengthChecked } = limits.key;
  const key = lengthChecked
    ? RequiredString({ pattern, maxLength })
    : applyDecorators(Matches(new RegExp(pattern)), IsString(), ApiProperty({ pattern, maxLength }));
  class DocTabInput {
    @key key!: string;
    @RequiredString(limits.title) title!: string;
    @RequiredString(limits.bodyMd) bodyMd!: string;
    @OptionalInteger({ type: 'integer', ...limits.sortOrder }) sortOrder?: number;
  }
  return DocTabInput;
}

export class DocTabDto {
  @ApiProperty({ pattern: DOC_TAB_KEY_PATTERN.source }) key!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ enum: DOC_TAB_KINDS }) kind!: DocTabKind;
  @ApiProperty({ description: 'Markdown' }) bodyMd!: string;
  @ApiProperty({ type: 'integer' }) sortOrder!: number;
}

export class GitRefDto {
  @ApiProperty() name!: string;
  @ApiProperty() commitSha!: string;
}

/** The refs a listing's repository may be read at (the branch picker, a ruleset validation's `branchInfo`). */
export class RepositoryBranchesDto {
  @ApiProperty() defaultBranch!: string;
  @ApiProperty({
    type: [GitRefDto],
    description: `At most ${REFS_LISTED_MAX}, in the order the host lists them`,
  })
  branches!: GitRefDto[];
  @ApiProperty({
    type: [GitRefDto],
    description: `At most ${REFS_LISTED_MAX}, in the order the host lists them`,
  })
  tags!: GitRefDto[];
  @ApiProperty({
    description:
      `True when the repository has more branches, or more tags, than the ${REFS_LISTED_MAX} of each listed: ` +
      'a ref missing from the lists may still exist',
  })
  truncated!: boolean;
}

/** The fields of an entry of a vendor index that every kind has, first. */
export class VendorSummaryFields {
  @ApiProperty({ enum: ['vendor'] }) source!: 'vendor';
  @ApiProperty({ pattern: VENDOR_SLUG_PATTERN.source }) slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty() summary!: string;
}

/**
 * What a review approved, pinned on a published item (an extension of the spec): a release builds this
 * commit and the worker checks the fetched tree's content digest against it.
 */
export class ReviewPinDto {
  @ApiProperty({ pattern: '^[0-9a-f]{40,64}$', description: 'The reviewed commit a release builds' })
  commit!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    pattern: '^sha256:[0-9a-f]{64}$',
    description:
      'sha256 over the canonical listing (path, mode, blob hash) of the repository at `commit` (see the ' +
      'README); null for a pin migrated from an approval that recorded none',
  })
  content_digest!: string | null;
  @ApiProperty({ type: String, nullable: true, pattern: '^[0-9a-f]{40,64}$' })
  implementation_commit!: string | null;
  @ApiProperty({ type: String, nullable: true, pattern: '^sha256:[0-9a-f]{64}$' })
  implementation_content_digest!: string | null;
  @ApiProperty({ format: 'date-time', description: 'When it was reviewed (pinned)' })
  reviewed_at!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'The administrator who approved',
  })
  reviewed_by!: string | null;
  @ApiProperty({
    enum: PIN_ORIGINS,
    description:
      '`review`: an approval; `migration`: from the approval record; `admin`: pinned by an administrator',
  })
  how!: PinOrigin;
}

export class ChangedFileDto {
  @ApiProperty() path!: string;
  @ApiProperty({ description: "The source host's status: added, removed, modified, renamed, ..." })
  status!: string;
}

export class RepositoryChangesDto {
  @ApiProperty({ description: 'The source ref compared with the pin' }) ref!: string;
  @ApiProperty() pinned_commit!: string;
  @ApiProperty({ description: 'The commit the ref points to now' }) head_commit!: string;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Commits the ref is ahead of the reviewed commit',
  })
  ahead_by!: number;
  @ApiProperty({ type: [ChangedFileDto], maxItems: CHANGES_FILES_MAX }) files!: ChangedFileDto[];
  @ApiProperty({ description: `More than ${CHANGES_FILES_MAX} files changed` }) files_truncated!: boolean;
}

/** How far the source refs moved on since the reviewed (pinned) commit (an extension of the spec). */
export class ChangesSinceReviewDto {
  @ApiProperty({ description: 'False: nothing is pinned (not yet approved, or a legacy item to pin)' })
  pinned!: boolean;
  @ApiProperty({ type: RepositoryChangesDto, nullable: true }) source!: RepositoryChangesDto | null;
  @ApiProperty({ type: RepositoryChangesDto, nullable: true, description: 'Split policies only' })
  implementation!: RepositoryChangesDto | null;
}
