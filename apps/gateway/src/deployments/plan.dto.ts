import { ApiProperty } from '@nestjs/swagger';
import { DEPLOYMENT_LIMITS as L, PLAN_ACTIONS, type PlanAction } from '@pc/contracts';

export class PlannedTargetDto {
  @ApiProperty() organizationId!: string;
  @ApiProperty({ type: String, nullable: true }) organizationName!: string | null;
  @ApiProperty({
    enum: PLAN_ACTIONS,
    description:
      '`create` (nothing of this item runs there), `update` (`from` -> `to`), `unchanged` (`to` runs there ' +
      'already), `error` (the real request would not deploy there, or, for an apply with neither publish nor ' +
      'release, its deployment would fail: the registry holds nothing to apply; see `error`)',
  })
  action!: PlanAction;
  @ApiProperty({ type: String, nullable: true, description: 'The version the organization runs now' })
  from!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      "The version apply would leave there: the request's `version`; without one, for a release of the " +
      'reviewed commit or an apply of it with neither publish nor release (from the registry), the version ' +
      "that commit gives (an earlier release of it, else the listing's version " +
      'unless a release was built from another commit); for an apply with neither publish nor release that ' +
      'this leaves unknown, the only release of the item on the registry (apply takes its version from there, ' +
      "so it can leave no other); null when only the build can say (a publish's dev version, a commit never " +
      'built, a release of an unpublished item, several releases on the registry), so `unchanged` never ' +
      'hides a change',
  })
  to!: string | null;
  @ApiProperty({ type: String, nullable: true }) error!: string | null;
}

/** What a deployment request would do (an extension: `dryRun: true`). */
export class DeploymentPlanDto {
  @ApiProperty({ enum: [true] }) dryRun!: true;
  @ApiProperty({ description: 'The registry asset applied in each organization' }) assetId!: string;
  @ApiProperty({ type: [PlannedTargetDto], maxItems: L.targetsMax }) targets!: PlannedTargetDto[];
}
