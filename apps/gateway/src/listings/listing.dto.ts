import { ApiProperty } from '@nestjs/swagger';
import { CHANGES_FILES_MAX, PIN_ORIGINS, type PinOrigin } from '@pc/contracts';

/** Response shapes every kind of listing shares (their names are the OpenAPI document's). */

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
