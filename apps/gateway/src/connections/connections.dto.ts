import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  CONNECTION_HOSTS,
  CONNECTION_LIMITS as L,
  type ConnectionHost,
  VALIDATION_CODES,
  type ValidationCode,
  SHARE_DISABLED_REASONS,
  DEPLOYMENT_LIMITS,
} from '@pc/contracts';
import { LIST_REPLY_BUDGET_BYTES } from '@pc/platform';
import { Transform } from 'class-transformer';
import { IsString, IsUrl, IsUUID, MaxLength } from 'class-validator';
import { Nullable, trim } from '../http/common.dto';
import { OptionalEnum, OptionalString, RequiredEnum, RequiredString } from '../http/schema-fields';

const DOMAIN_RULES = { require_tld: false, require_protocol: false, protocols: ['http', 'https'] };
const CUSTOM_DOMAIN =
  'Host name or URL of the platform for host `custom` (`platform.example.org`, `https://platform.example.org:8443`); ' +
  'required for `custom`, null otherwise. https only (a host name alone means https): a plain `http://` URL is ' +
  "refused (400) unless its host is in the server's OUTBOUND_ALLOWLIST (a local sandbox). It must resolve to a " +
  'public address (the outbound guard).';

/** The schemas of the client credentials, as each form that takes them states them (with its own words). */
const CLIENT_ID = { minLength: L.credentialMin, maxLength: L.clientIdMax };
const CLIENT_SECRET = {
  minLength: L.credentialMin,
  maxLength: L.clientSecretMax,
  format: 'password',
  writeOnly: true,
};
const ORGANIZATION_ID = { minLength: L.credentialMin, maxLength: L.organizationIdMax };

/** The credential fields, shared by create, validate and update. */
class CredentialFieldsDto {
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    format: 'uri',
    maxLength: L.customDomainMax,
    description: CUSTOM_DOMAIN,
  })
  @Nullable()
  @IsString()
  @MaxLength(L.customDomainMax)
  @IsUrl(DOMAIN_RULES)
  customDomain?: string | null;
}

export class CreateConnectionDto extends CredentialFieldsDto {
  @RequiredString({ minLength: L.nameMin, maxLength: L.nameMax, example: 'Production platform' })
  @Transform(trim)
  name!: string;

  @RequiredEnum({ enum: CONNECTION_HOSTS })
  host!: ConnectionHost;

  @RequiredString({ ...CLIENT_ID, example: 'my-client-id' })
  clientId!: string;

  @RequiredString({ ...CLIENT_SECRET, description: 'Encrypted at rest (AES-256-GCM) and never returned' })
  clientSecret!: string;

  @RequiredString({
    ...ORGANIZATION_ID,
    description: 'The organization (root or business group) the connection works in',
    example: '6a0b1c2d-0000-4000-8000-000000000001',
  })
  organizationId!: string;
}

/** Where the platform is and the client credentials for it, without an organization. */
export class PlatformCredentialsDto extends CredentialFieldsDto {
  @RequiredEnum({ enum: CONNECTION_HOSTS })
  host!: ConnectionHost;

  @RequiredString(CLIENT_ID)
  clientId!: string;

  @RequiredString(CLIENT_SECRET)
  clientSecret!: string;
}

export class ValidateConnectionDto extends PlatformCredentialsDto {
  @RequiredString(ORGANIZATION_ID)
  organizationId!: string;
}

export class UpdateConnectionDto extends CredentialFieldsDto {
  @OptionalString({ minLength: L.nameMin, maxLength: L.nameMax })
  @Transform(trim)
  name?: string;

  @OptionalEnum({ enum: CONNECTION_HOSTS, description: 'A new host needs the credential fields too' })
  host?: ConnectionHost;

  @OptionalString({ ...CLIENT_ID, description: 'With clientSecret and organizationId, or none of them' })
  clientId?: string;

  @OptionalString(CLIENT_SECRET)
  clientSecret?: string;

  @OptionalString(ORGANIZATION_ID)
  organizationId?: string;
}

export class ConnectionIdQuery {
  @ApiProperty({ format: 'uuid', description: 'A connection the caller owns or that is shared with them' })
  @IsUUID()
  connectionId!: string;
}

// Responses

export class ConnectionDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ minLength: L.nameMin, maxLength: L.nameMax }) name!: string;
  @ApiProperty({ enum: CONNECTION_HOSTS }) host!: ConnectionHost;
  @ApiProperty({ type: String, nullable: true }) custom_domain!: string | null;
  @ApiProperty() client_id!: string;
  @ApiProperty() organization_id!: string;
  @ApiProperty({ format: 'uuid' }) owner_id!: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'date-time',
    description: 'Last check against the platform',
  })
  validated_at!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'What that check found wrong; null when it passed',
  })
  validation_error!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class ConnectionSummaryDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: CONNECTION_HOSTS }) host!: ConnectionHost;
}

export class ConnectionValidationDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'What to fix, in words: wrong client ID or secret, unknown organization, platform unreachable...',
    example:
      'The platform refused the client ID or client secret: check both (and that the client app still exists)',
  })
  error!: string | null;
  @ApiProperty({ enum: VALIDATION_CODES, nullable: true }) code!: ValidationCode | null;
  @ApiProperty({ format: 'date-time' }) checked_at!: string;
  @ApiPropertyOptional({ description: 'Sync only: why no reconciliation summary was produced' })
  reason?: string;
}

export class ConnectionListDto {
  @ApiProperty({
    type: [ConnectionDto],
    maxItems: L.perOwner,
    description: "The caller's own connections, oldest first",
  })
  connections!: ConnectionDto[];
}

export class ConnectionEnvelopeDto {
  @ApiProperty({ type: ConnectionDto }) connection!: ConnectionDto;
}

export class CreatedConnectionDto {
  @ApiProperty({ type: ConnectionDto }) connection!: ConnectionDto;
  @ApiProperty({ type: ConnectionValidationDto }) validation!: ConnectionValidationDto;
}

export class ConnectionDetailDto {
  @ApiProperty({
    anyOf: [
      { $ref: '#/components/schemas/ConnectionDto' },
      { $ref: '#/components/schemas/ConnectionSummaryDto' },
    ],
    description: 'The whole record for its owner; only id, name and host for a workspace member',
  })
  connection!: ConnectionDto | ConnectionSummaryDto;
  @ApiProperty() is_owner!: boolean;
}

export class ValidationResultDto {
  @ApiProperty() ok!: boolean;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
  @ApiProperty({ enum: VALIDATION_CODES, nullable: true }) code!: ValidationCode | null;
}

export class ReconciliationGoneDto {
  @ApiProperty({ format: 'uuid' }) deployment_id!: string;
  @ApiProperty() policy_name!: string;
  @ApiProperty() version!: string;
  @ApiProperty({ example: 'published' }) status!: string;
  @ApiProperty({ example: 'publish' }) mode!: string;
}

export class ReconciliationDto {
  @ApiProperty({ type: 'integer' }) in_sync!: number;
  @ApiProperty({ type: 'integer' }) unknown!: number;
  @ApiProperty({ type: [ReconciliationGoneDto] }) gone!: ReconciliationGoneDto[];
}

export class SyncResultDto {
  @ApiProperty({ type: ConnectionDto }) connection!: ConnectionDto;
  @ApiProperty({ type: ConnectionValidationDto }) validation!: ConnectionValidationDto;
  @ApiProperty({
    type: ReconciliationDto,
    nullable: true,
    description:
      'Null when the credentials failed validation or the sweep could not complete; `validation.reason` says why. ' +
      'Until the deployments service exists it is always null.',
  })
  reconciliation!: ReconciliationDto | null;
}

/**
 * How much of the platform's organization tree is read and listed: the limits of `CONNECTION_LIMITS` and
 * the bus's list reply budget.
 */
export const ORGANIZATION_TREE_BOUNDS =
  `At most ${L.orgsMax} organizations, root first, depth first, and at most ${LIST_REPLY_BUDGET_BYTES / 1024} KiB ` +
  'of them (fewer with long IDs, names and paths): a larger tree is cut there, with `truncated: true`. ' +
  `The platform's tree is read at most ${L.orgDepthMax} levels deep, with full paths of at most ` +
  `${L.orgPathMax} characters and IDs of at most ${L.organizationIdMax}: a tree beyond them is not listed ` +
  'but answered 502, its message naming the limit.';

/** The 502 of the routes that read the organization tree. */
export const ORGANIZATION_TREE_UNREADABLE: [number, string] = [
  502,
  'The platform could not be reached or answered an error, or answered more than the service reads (the message names the limit)',
];

export class OrganizationDto {
  @ApiProperty({ maxLength: L.organizationIdMax }) id!: string;
  @ApiProperty({ maxLength: L.orgPathMax }) name!: string;
  @ApiProperty({
    description:
      "True for the connection's own organizationId (for POST /connections/organizations: the credentials' root organization)",
  })
  isPrimary!: boolean;
  @ApiProperty({ example: 'Demo Corp / Payments', maxLength: L.orgPathMax }) fullPath!: string;
}

export class OrganizationListDto {
  @ApiProperty({ type: [OrganizationDto], maxItems: L.orgsMax, description: ORGANIZATION_TREE_BOUNDS })
  orgs!: OrganizationDto[];
  @ApiProperty({
    description:
      'True when there are more organizations than `orgs` lists: the list stops at the bounds `orgs` describes',
  })
  truncated!: boolean;
}

export class ConnectionShareDto {
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty() workspace_name!: string;
  @ApiProperty() workspace_slug!: string;
  @ApiProperty({ format: 'date-time' }) shared_at!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) disabled_at!: string | null;
  @ApiProperty({ type: String, nullable: true, enum: SHARE_DISABLED_REASONS }) disabled_reason!:
    string | null;
}

export class ConnectionSharesDto {
  @ApiProperty({ type: [ConnectionShareDto], maxItems: L.sharesMax }) shared!: ConnectionShareDto[];
}

export class ConnectionImpactDto {
  @ApiProperty({ type: 'integer' }) active_deployments!: number;
  @ApiProperty({ type: 'integer' }) historical_deployments!: number;
  @ApiProperty({ type: 'integer', description: 'Workspaces it is actively shared into' })
  workspace_links!: number;
  @ApiProperty() has_credential!: boolean;
}

export class ConnectionDriftRefreshDto {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    maximum: DEPLOYMENT_LIMITS.driftRefreshMax,
    description: `Live deployments made through the connection that were checked (the newest ${DEPLOYMENT_LIMITS.driftRefreshMax})`,
  })
  checked!: number;
  @ApiProperty({ type: 'integer', minimum: 0 }) in_sync!: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Drifted: each one recorded on its deployment, its author told once',
  })
  drifted!: number;
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    description: 'Drifted, and a self-heal job queued (the workspace opted in)',
  })
  healing!: number;
  @ApiProperty({ type: 'integer', minimum: 0, description: 'The platform could not be asked' })
  unknown!: number;
  @ApiProperty({ format: 'date-time' }) checked_at!: string;
}
