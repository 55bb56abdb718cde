import { Injectable } from '@nestjs/common';
import { ADOPTION_LIMITS, type AssetType, type VersionAdoption } from '@pc/contracts';
import type { Executor } from '@pc/platform';

/**
 * Adoption from the deployments ledger: per organization the last finished change of the item (a
 * deployment that succeeded, or one removed since: a restore, an unpublish); those that left a release
 * running, counted by its version. Reads the item's rows through its index (`deployments_policy_idx`,
 * `deployments_ruleset_idx`).
 */
@Injectable()
export class AdoptionRepository {
  async versions(db: Executor, item: { assetType: AssetType; id: string }): Promise<VersionAdoption[]> {
    const column = item.assetType === 'ruleset' ? 'ruleset_id' : 'policy_id';
    return db.query<VersionAdoption[]>(
      `SELECT version, count(*)::int AS organizations FROM (
          SELECT DISTINCT ON (platform_org_id) status, do_release, coalesce(applied_version, version) AS version
            FROM deployments.deployments
           WHERE ${column} = $1 AND status IN ('succeeded', 'removed') AND finished_at IS NOT NULL
           ORDER BY platform_org_id, finished_at DESC
        ) last
        WHERE status = 'succeeded' AND do_release AND version IS NOT NULL
        GROUP BY version
        ORDER BY organizations DESC,
          CASE WHEN version ~ '^[0-9]+\\.[0-9]+\\.[0-9]+$' THEN string_to_array(version, '.')::int[] END DESC NULLS LAST,
          version DESC
        LIMIT $2`,
      [item.id, ADOPTION_LIMITS.versionsMax],
    );
  }
}
