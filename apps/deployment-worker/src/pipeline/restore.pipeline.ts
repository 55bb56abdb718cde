import { definitionAssetId } from '@pc/deployments-store';
import type { Adapters, PipelineContext } from './pipeline-context';

/** What a roll-out's organization ran before it was changed (null: nothing of this item). */
interface RestoreTarget {
  kind: 'policy' | 'ruleset';
  groupId: string;
  version: string;
  configuration: Record<string, unknown>;
}

/**
 * `restore` (a roll-out that halted or was rolled back): puts back in the deployment's organization
 * what it ran before the roll-out changed it, recorded when its step started (`steps.target`), or
 * removes the item when it ran none. Applying replaces the same item and removing what is gone is not
 * an error, so a redelivery finishes the work.
 */
export async function runRestore(
  c: PipelineContext,
  a: Adapters,
): Promise<{ applied_version: string | null; dev_versions: string[] }> {
  const d = c.deployment;
  const target = (c.job.steps.target as RestoreTarget | null | undefined) ?? null;
  const assetId = definitionAssetId(d.asset_slug);
  await c.checkpoint('restore');
  if (target) {
    await a.platform.apply(c.access.platform, d.platform_org_id, { ...target, assetId });
    await c.log.line(
      'restore',
      `Restored ${d.asset_name} ${target.version} in organization ${d.platform_org_id}`,
    );
  } else {
    const removed = await a.platform.remove(c.access.platform, d.platform_org_id, assetId);
    await c.log.line(
      'restore',
      removed
        ? `Removed ${d.asset_name} from organization ${d.platform_org_id}: it ran none before the roll-out`
        : 'Not applied there any more',
    );
  }
  return { applied_version: d.applied_version, dev_versions: d.dev_versions };
}
