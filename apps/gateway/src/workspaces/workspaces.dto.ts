import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CONNECTION_HOSTS,
  type ConnectionHost,
  MEMBER_DISABLED_REASONS,
  type MemberDisabledReason,
  WORKSPACE_LIMITS as L,
  WORKSPACE_ROLES,
  type WorkspaceRole,
  SEARCH_LIMITS,
  SHARE_DISABLED_REASONS,
  UNARCHIVE_DISABLED_REASONS,
  type UnarchiveDisabledReason,
} from '@pc/contracts';
import { Transform } from 'class-transformer';
import { IsString, Length, Matches } from 'class-validator';
import { Optional, trim } from '../http/common.dto';
import { RequiredString } from '../http/schema-fields';
import { MEMBER_DISABLED_REASONS_MEAN } from './workspace-members.dto';

export class CreateWorkspaceDto {
  @RequiredString({ minLength: L.nameMin, maxLength: L.nameMax, example: 'Platform team' })
  @Transform(trim)
  name!: string;

  @ApiPropertyOptional({
    minLength: L.slugMin,
    maxLength: L.slugMax,
    pattern: L.slugPattern,
    description: 'Unique (409 when taken); derived from the name when omitted. `personal-` is reserved.',
    example: 'platform-team',
  })
  @Optional()
  @IsString()
  @Length(L.slugMin, L.slugMax)
  @Matches(new RegExp(L.slugPattern))
  slug?: string;
}

export class RenameWorkspaceDto {
  @RequiredString({ minLength: L.nameMin, maxLength: L.nameMax })
  @Transform(trim)
  name!: string;
}

// Responses

export class WorkspaceDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ minLength: L.nameMin, maxLength: L.nameMax }) name!: string;
  @ApiProperty({ minLength: L.slugMin, maxLength: L.slugMax }) slug!: string;
  @ApiProperty({ description: "The user's own workspace, created on first use, without members" })
  is_personal!: boolean;
  @ApiProperty({ format: 'uuid' }) owner_id!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'Set while archived (read-only)',
  })
  archived_at!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class WorkspaceEnvelopeDto {
  @ApiProperty({ type: WorkspaceDto }) workspace!: WorkspaceDto;
}

export class WorkspaceMembershipDto {
  @ApiProperty({ type: WorkspaceDto }) workspace!: WorkspaceDto;
  @ApiProperty({ enum: WORKSPACE_ROLES }) role!: WorkspaceRole;
}

export class MembershipListDto {
  @ApiProperty({
    type: [WorkspaceMembershipDto],
    maxItems: L.membershipsListedMax,
    description:
      'The personal workspace first, then active memberships, oldest first: those that count toward the cap ' +
      `(at most ${L.membershipsMax}) and at most ${L.membershipsListedMax - L.membershipsMax} in archived ` +
      'workspaces, which do not count',
  })
  memberships!: WorkspaceMembershipDto[];
}

export class WorkspaceMemberDto {
  @ApiProperty({ format: 'uuid' }) user_id!: string;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({ type: String, nullable: true }) username!: string | null;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    description: 'Shown to the owner, admins and platform administrators',
  })
  email?: string | null;
  @ApiProperty({ enum: WORKSPACE_ROLES }) role!: WorkspaceRole;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) disabled_at!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    enum: MEMBER_DISABLED_REASONS,
    description:
      'Why the member is disabled (null while active), as re-enabling them answers it (`previous`). ' +
      MEMBER_DISABLED_REASONS_MEAN,
  })
  disabled_reason!: MemberDisabledReason | null;
  @ApiProperty({ format: 'date-time' }) added_at!: string;
}

export class MemberListDto {
  @ApiProperty({ type: [WorkspaceMemberDto], maxItems: L.membersMax }) members!: WorkspaceMemberDto[];
}

export class WorkspaceConnectionDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: CONNECTION_HOSTS }) host!: ConnectionHost;
  @ApiProperty({ format: 'uuid' }) owner_id!: string;
  @ApiProperty({ description: 'Whether the caller owns it (only the owner reads or changes its settings)' })
  is_owner!: boolean;
  @ApiProperty({ format: 'uuid' }) shared_by!: string;
  @ApiProperty({ format: 'date-time' }) shared_at!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) disabled_at!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: SHARE_DISABLED_REASONS }) disabled_reason!:
    string | null;
}

export class ConnectionStatsDto {
  @ApiProperty({ type: 'integer' }) deployments!: number;
  @ApiProperty({ type: 'integer' }) target_orgs!: number;
  @ApiProperty({ type: 'integer' }) live_policies!: number;
  @ApiProperty({ type: 'integer' }) ruleset_deployments!: number;
  @ApiProperty({ type: 'integer' }) ruleset_target_orgs!: number;
  @ApiProperty({ type: 'integer' }) live_rulesets!: number;
}

/** What the two kinds of installed item share (`InstalledItem` of the contracts). */
class InstalledItemDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) category!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: SEARCH_LIMITS.summary.max,
    description: "A summary of the item's description (cut at a word): its page has the whole",
  })
  description!: string | null;
  @ApiProperty({ type: String, nullable: true }) owner_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) company!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) submitted_by!: string | null;
  @ApiProperty({ type: String, nullable: true }) icon_url!: string | null;
  @ApiProperty({ type: 'integer' }) deploys_in_workspace!: number;
  @ApiProperty({ format: 'date-time' }) latest_deployment_at!: string;
}

export class InstalledPolicyDto extends InstalledItemDto {
  @ApiProperty({ type: String, nullable: true }) pdk_version!: string | null;
}

export class InstalledRulesetDto extends InstalledItemDto {
  @ApiProperty({ type: [String] }) target_scopes!: string[];
}

export class WorkspaceDetailDto extends WorkspaceDto {
  @ApiProperty({
    enum: WORKSPACE_ROLES,
    nullable: true,
    description: "The caller's role; null for a platform administrator who is not a member",
  })
  role!: WorkspaceRole | null;
  @ApiProperty({ description: 'Whether the caller is a platform administrator' }) is_admin!: boolean;
  @ApiProperty({ format: 'uuid' }) caller_id!: string;
  @ApiProperty({
    type: [WorkspaceConnectionDto],
    description: 'Shared connections: active ones for members, all of them for the owner and admins',
  })
  connections!: WorkspaceConnectionDto[];
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/ConnectionStatsDto' },
    description: 'Keyed by connection id; from the deployments service (zero until it exists)',
  })
  connectionStats!: Record<string, ConnectionStatsDto>;
  @ApiProperty({
    type: [InstalledPolicyDto],
    description: 'Unique live policies, newest deployment first (empty until deployments exist)',
  })
  installedPolicies!: InstalledPolicyDto[];
  @ApiProperty({ type: [InstalledRulesetDto], description: 'Empty until deployments exist' })
  installedRulesets!: InstalledRulesetDto[];
  @ApiProperty({ type: [WorkspaceMemberDto], description: 'Empty for a personal workspace' })
  members!: WorkspaceMemberDto[];
}

export class WorkspaceDetailEnvelopeDto {
  @ApiProperty({ type: WorkspaceDetailDto }) workspace!: WorkspaceDetailDto;
}

export class ArchiveResultDto {
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) archived_at!: string | null;
}

export class DisabledMemberDto {
  @ApiProperty({ format: 'uuid' }) user_id!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null when identity could not name them' })
  username!: string | null;
  @ApiProperty({ type: String, nullable: true }) name!: string | null;
  @ApiProperty({
    enum: UNARCHIVE_DISABLED_REASONS,
    description:
      `\`membership_limit\`: they already belonged to ${L.membershipsMax} workspaces that count toward the cap, ` +
      'and this one counts again',
  })
  reason!: UnarchiveDisabledReason;
}

export class UnarchiveResultDto extends ArchiveResultDto {
  @ApiProperty({
    type: [DisabledMemberDto],
    maxItems: L.membersMax,
    description:
      'The members unarchiving disabled for lack of room (as DELETE /members/{userId} would: their shares ' +
      'paused), each with why, in the order they were added to the workspace (as the members list shows ' +
      'them); empty when everyone had room. Each is also an audit entry (`workspace.member_disabled`, ' +
      'summary `{reason}`).',
  })
  disabled_members!: DisabledMemberDto[];
}
