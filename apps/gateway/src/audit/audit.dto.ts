import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AUDIT_ACTION_GROUPS,
  AUDIT_ACTIONS,
  AUDIT_EXPORT_PAGE,
  AUDIT_FILTER_TEXT_MAX,
  AUDIT_PAGE,
  AUDIT_SUMMARY_LIMITS,
  type AuditAction,
  type AuditActionGroup,
} from '@pc/contracts';
import { IsIn, IsISO8601, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { Optional, PageCursor, PageInfoDto, PageLimit } from '../http/common.dto';
import { OptionalEnum } from '../http/schema-fields';

export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) actor_user_id!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: "The actor's name as it is now (null: no actor, or the account is gone)",
  })
  actor_name!: string | null;
  @ApiProperty({ enum: ['session', 'token', 'anonymous'] }) actor_via!: 'session' | 'token' | 'anonymous';
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The access token used' })
  actor_token_id!: string | null;
  @ApiProperty({ description: 'The client address as the gateway saw it (TRUST_PROXY honoured)' })
  address!: string;
  @ApiProperty() user_agent!: string;
  @ApiProperty() request_id!: string;
  @ApiProperty({ enum: AUDIT_ACTIONS }) action!: AuditAction;
  @ApiProperty({ example: 'token' }) target_type!: string;
  @ApiProperty({ type: String, nullable: true }) target_id!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    maxLength: 200,
    description:
      "The target's name as the route's answer named it when recorded (a user's: their name now); null " +
      'when nothing named it (an older entry, a deletion)',
  })
  target_name!: string | null;
  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description:
      'The workspace the action happened in (its owner reads the entry at /api/workspaces/{id}/audit)',
  })
  workspace_id!: string | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      `What changed, built field by field from what the route documents (never the raw body), redacted: no secret, token, password or key, and no URL query. ` +
      `At most ${AUDIT_SUMMARY_LIMITS.bytes} bytes as JSON (strings cut at ${AUDIT_SUMMARY_LIMITS.string} characters, ` +
      `${AUDIT_SUMMARY_LIMITS.items} items a level, ${AUDIT_SUMMARY_LIMITS.depth} levels); a larger one keeps \`truncated: true\` and its field names.`,
  })
  summary!: Record<string, unknown>;
}

export class AuditPageDto extends PageInfoDto {
  @ApiProperty({ type: [AuditEntryDto], description: 'Newest first' }) entries!: AuditEntryDto[];
}

class AuditFilterDto {
  @ApiPropertyOptional({ enum: AUDIT_ACTIONS }) @Optional() @IsIn(AUDIT_ACTIONS) action?: AuditAction;
  @OptionalEnum({
    enum: AUDIT_ACTION_GROUPS,
    description: 'Every action of one area: `webhook` is `webhook.created`, `webhook.deleted`, ...',
  })
  action_group?: AuditActionGroup;
  @ApiPropertyOptional({
    minLength: 1,
    maxLength: AUDIT_FILTER_TEXT_MAX,
    description: 'The target by id (exactly) or by the start of its name (either case)',
  })
  @Optional()
  @IsString()
  @MinLength(1)
  @MaxLength(AUDIT_FILTER_TEXT_MAX)
  target?: string;
  @ApiPropertyOptional({
    maxLength: 40,
    pattern: '^[a-z_]+$',
    example: 'workspace',
    description: "The target's type (`policy`, `workspace`, `token`, ...)",
  })
  @Optional()
  @IsString()
  @MaxLength(40)
  @Matches(/^[a-z_]+$/)
  target_type?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Entries at or after' })
  @Optional()
  @IsISO8601({ strict: true })
  since?: string;
  @ApiPropertyOptional({ format: 'date-time', description: 'Entries before' })
  @Optional()
  @IsISO8601({ strict: true })
  until?: string;
  @PageCursor() cursor?: string;
}

export class MyAuditQueryDto extends AuditFilterDto {
  @PageLimit(AUDIT_PAGE) limit?: number;
}

/** The actor filters of the logs that hold other people's entries (all, a workspace's). */
class ActorFilterDto extends AuditFilterDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this actor' })
  @Optional()
  @IsUUID()
  actor?: string;
  @ApiPropertyOptional({
    minLength: 1,
    maxLength: AUDIT_FILTER_TEXT_MAX,
    description: 'Only the actor with this email or username (exactly, either case), or whose name starts so',
  })
  @Optional()
  @IsString()
  @MinLength(1)
  @MaxLength(AUDIT_FILTER_TEXT_MAX)
  actor_name?: string;
}

export class AdminAuditQueryDto extends ActorFilterDto {
  @PageLimit(AUDIT_PAGE) limit?: number;
}

export const AUDIT_EXPORT_FORMATS = ['ndjson', 'csv'] as const;

export class AdminAuditExportQueryDto extends ActorFilterDto {
  @PageLimit(AUDIT_EXPORT_PAGE) limit?: number;
  @OptionalEnum({
    enum: AUDIT_EXPORT_FORMATS,
    description:
      'JSON lines (the default) or CSV (also chosen by `Accept: text/csv`): one entry a line, newest first',
  })
  format?: (typeof AUDIT_EXPORT_FORMATS)[number];
}
