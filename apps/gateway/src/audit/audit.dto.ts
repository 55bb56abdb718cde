import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  AUDIT_ACTIONS,
  AUDIT_EXPORT_PAGE,
  AUDIT_PAGE,
  AUDIT_SUMMARY_LIMITS,
  type AuditAction,
} from '@pc/contracts';
import { IsIn, IsISO8601, IsUUID } from 'class-validator';
import { Optional, PageCursor, PageInfoDto, PageLimit } from '../http/common.dto';

export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) actor_user_id!: string | null;
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

export class AdminAuditQueryDto extends MyAuditQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this actor' })
  @Optional()
  @IsUUID()
  actor?: string;
}

export class AdminAuditExportQueryDto extends AuditFilterDto {
  @PageLimit(AUDIT_EXPORT_PAGE) limit?: number;
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this actor' })
  @Optional()
  @IsUUID()
  actor?: string;
}
