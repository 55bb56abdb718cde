import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import {
  ASSET_TYPES,
  type AssetType,
  DEPLOYMENT_LIMITS as D,
  ITEM_HEALTHS,
  type ItemHealth,
  ROLLOUT_LIMITS as L,
  ROLLOUT_ORG_STATES,
  ROLLOUT_PHASES,
  ROLLOUT_STATUSES,
  ROLLOUT_STEP_STATES,
  type RolloutOrgState,
  type RolloutPhase,
  type RolloutStatus,
  type RolloutStepState,
} from '@pc/contracts';
import { ArrayMaxSize, ArrayMinSize, IsArray } from 'class-validator';
import { Optional, PageCursor, PageInfoDto, PageLimit } from '../http/common.dto';
import { OptionalInteger } from '../http/schema-fields';
import { CreateDeploymentDto } from './deployments.dto';

const STATUS_DOC =
  '`running` (a step deploying, verifying health or baking), `paused` (no new step starts), `rolling_back` ' +
  '(restoring what the changed organizations ran before), then `completed`, `halted` (a failed deployment ' +
  'or an unhealthy item stopped it; see `halt_reason`), `aborted` (stopped by hand, what was applied kept) ' +
  'or `rolled_back` (stopped and restored by hand)';

/** A roll-out: the deployment request's fields (but the targets), its steps and its gates. */
export class CreateRolloutDto extends OmitType(CreateDeploymentDto, [
  'targetOrganizationIds',
  'dryRun',
] as const) {
  @ApiPropertyOptional({
    type: 'array',
    items: {
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: D.organizationIdMax },
      maxItems: D.targetsMax,
    },
    maxItems: L.stepsMax,
    description:
      'The steps as explicit lists of organization ids, in order (not with `targetOrganizationIds`/`stepSizes`). ' +
      'No step empty, no organization twice, each one the connection may deploy to (else 422).',
  })
  @Optional()
  @IsArray()
  @ArrayMaxSize(L.stepsMax)
  @IsArray({ each: true })
  steps?: string[][];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', minLength: 1, maxLength: D.organizationIdMax },
    minItems: D.targetsMin,
    maxItems: D.targetsMax,
    description: 'With `stepSizes`: the organizations, in the order the sizes cut them',
  })
  @Optional()
  @IsArray()
  @ArrayMinSize(D.targetsMin)
  @ArrayMaxSize(D.targetsMax)
  targetOrganizationIds?: string[];

  @ApiPropertyOptional({
    type: 'array',
    items: {
      oneOf: [
        { type: 'integer', minimum: 1, maximum: D.targetsMax },
        { type: 'string', enum: ['rest'] },
      ],
    },
    minItems: 1,
    maxItems: L.stepsMax,
    example: [1, 3, 'rest'],
    description:
      'Step sizes cutting `targetOrganizationIds` in order; `rest` (last only) takes all that remain. The ' +
      'sizes must cover the targets exactly.',
  })
  @Optional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(L.stepsMax)
  stepSizes?: Array<number | 'rest'>;

  @OptionalInteger({
    type: 'integer',
    minimum: L.bakeSecondsMin,
    maximum: L.bakeSecondsMax,
    description: 'Seconds each step stays healthy before the next starts (default 0)',
  })
  bakeSeconds?: number;

  @OptionalInteger({
    type: 'integer',
    minimum: L.healthTimeoutSecondsMin,
    maximum: L.healthTimeoutSecondsMax,
    description: `Seconds a step's organizations have to report healthy, else the roll-out halts (default ${L.healthTimeoutSecondsDefault})`,
  })
  healthTimeoutSeconds?: number;
}

export class RolloutOrganizationDto {
  @ApiProperty() organization_id!: string;
  @ApiProperty({ type: String, nullable: true }) organization_name!: string | null;
  @ApiProperty({
    enum: ROLLOUT_ORG_STATES,
    description:
      '`pending`, `deploying`, `applied` (its deployment succeeded), `healthy`, `failed`, `degraded` (the ' +
      'platform reports it degraded or failing), `restoring`, `restored` (what it ran before is back), ' +
      '`removed` (it ran nothing before: the item was removed), `skipped` (never touched)',
  })
  state!: RolloutOrgState;
  @ApiProperty({ enum: ITEM_HEALTHS, nullable: true, description: "The platform's last reported health" })
  health!: ItemHealth | null;
  @ApiProperty({ type: String, nullable: true, description: 'What it ran before the roll-out changed it' })
  previous_version!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: 'The deployment that changed it',
  })
  deployment_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}

export class RolloutStepDto {
  @ApiProperty({ minimum: 0 }) index!: number;
  @ApiProperty({
    enum: ROLLOUT_STEP_STATES,
    description:
      '`pending` (not started), `active`, `done`, `halted` (the roll-out halted during it), `aborted` ' +
      '(stopped by hand during it), `rolled_back` (its organizations got back what they ran before), ' +
      '`skipped` (the roll-out ended before it)',
  })
  state!: RolloutStepState;
  @ApiProperty({ type: [RolloutOrganizationDto], maxItems: D.targetsMax })
  organizations!: RolloutOrganizationDto[];
}

export class RolloutDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: ASSET_TYPES }) asset_type!: AssetType;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) policy_id!: string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uuid' }) ruleset_id!: string | null;
  @ApiProperty() asset_name!: string;
  @ApiProperty({ format: 'uuid' }) workspace_id!: string;
  @ApiProperty({ format: 'uuid' }) connection_id!: string;
  @ApiProperty({ format: 'uuid' }) created_by!: string;
  @ApiProperty({ enum: ROLLOUT_STATUSES, description: STATUS_DOC }) status!: RolloutStatus;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The step in progress (from 0), or the last that ran',
  })
  current_step!: number | null;
  @ApiProperty({
    enum: ROLLOUT_PHASES,
    nullable: true,
    description: '`deploying`, `verifying` (health), `baking`',
  })
  phase!: RolloutPhase | null;
  @ApiProperty({ type: String, nullable: true }) requested_version!: string | null;
  @ApiProperty({ minimum: L.bakeSecondsMin, maximum: L.bakeSecondsMax }) bake_seconds!: number;
  @ApiProperty({ minimum: L.healthTimeoutSecondsMin, maximum: L.healthTimeoutSecondsMax })
  health_timeout_seconds!: number;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why it halted (organization and health), or who stopped it',
  })
  halt_reason!: string | null;
  @ApiProperty({ type: [RolloutStepDto], maxItems: L.stepsMax }) steps!: RolloutStepDto[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ type: String, nullable: true, format: 'date-time' }) finished_at!: string | null;
}

export class RolloutEnvelopeDto {
  @ApiProperty({ type: RolloutDto }) rollout!: RolloutDto;
}

export class RolloutListDto extends PageInfoDto {
  @ApiProperty({ type: [RolloutDto], maxItems: L.pageMax }) rollouts!: RolloutDto[];
}

export class ListRolloutsQuery {
  @PageLimit({ min: 1, max: L.pageMax, default: L.pageDefault }) limit?: number;
  @PageCursor() cursor?: string;
}
