import { Transform } from 'class-transformer';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ASSIGNABLE_ROLES,
  type AssignableRole,
  MEMBER_DISABLED_REASONS,
  type MemberDisabledReason,
  WORKSPACE_LIMITS as L,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '@pc/contracts';
import { Equals, IsEmail, IsString, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { OkDto, Optional, lower } from '../http/common.dto';
import { OptionalEnum, RequiredEnum } from '../http/schema-fields';

export class AddMemberDto {
  @RequiredEnum({ enum: ASSIGNABLE_ROLES, description: 'Nobody is made owner' })
  role!: AssignableRole;

  @ApiPropertyOptional({
    minLength: 3,
    maxLength: L.usernameMax,
    pattern: '^@?[a-z0-9][a-z0-9_-]{1,28}[a-z0-9]$',
    description: 'With or without a leading @; give this or email',
    example: '@ada',
  })
  @ValidateIf((o: AddMemberDto) => o.username !== undefined || o.email === undefined)
  @Transform(lower)
  @IsString()
  @Length(3, L.usernameMax)
  @Matches(/^@?[a-z0-9][a-z0-9_-]{1,28}[a-z0-9]$/)
  username?: string;

  @ApiPropertyOptional({ format: 'email', maxLength: L.emailMax, description: 'Give this or username' })
  @Optional()
  @Transform(lower)
  @IsString()
  @MaxLength(L.emailMax)
  @IsEmail()
  email?: string;
}

export class UpdateMemberDto {
  @OptionalEnum({
    enum: ASSIGNABLE_ROLES,
    description: 'Nobody is made owner, and the owner is never demoted',
  })
  role?: AssignableRole;

  @ApiPropertyOptional({ enum: [false], description: 'Only false: re-enables a disabled member' })
  @Optional()
  @Equals(false)
  disabled?: false;
}

/** What each reason a member is disabled for means, where a field answers one (the list, a re-enabling). */
export const MEMBER_DISABLED_REASONS_MEAN =
  '`left`: they left (their own DELETE /members/{userId}); `removed`: a manager disabled them; ' +
  '`membership_limit`: unarchiving the workspace did, as they already belonged to as many workspaces as a ' +
  'user may. Null for a member disabled before the reason was kept.';

export class UpdateMemberResultDto extends OkDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    enum: MEMBER_DISABLED_REASONS,
    description:
      `Only when the change re-enabled the member: why they had been disabled. ${MEMBER_DISABLED_REASONS_MEAN} ` +
      'The audit entry (`workspace.member_updated`) has it in its summary as `previous`.',
  })
  previous?: MemberDisabledReason | null;
}

export class MemberImpactDto {
  @ApiProperty({ enum: WORKSPACE_ROLES }) role!: WorkspaceRole;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) disabled_at!: string | null;
  @ApiProperty({ type: 'integer', description: 'Active shares of connections this member owns' })
  owned_shared_connections!: number;
  @ApiProperty({ type: 'integer', description: 'From the deployments service (zero until it exists)' })
  deployments_authored!: number;
}
