import { definitionAssetId, implementationAssetId } from '@pc/deployments-store';
import type { Adapters, PipelineContext } from './pipeline-context';

/**
 * `unpublish`: removes the policy or ruleset from the target organization and deletes the deployment's -dev
 * versions. `delete-release`: deletes the released version (and removes the application when it is the
 * applied one). Removing what is already gone is not an error, so a redelivery finishes the work.
 */
export async function runRemoval(
  c: PipelineContext,
  a: Adapters,
): Promise<{ applied_version: string | null; dev_versions: string[] }> {
  const d = c.deployment;
  const groupId = d.group_id ?? c.access.groupId;
  // A ruleset is one asset; a policy two (the definition is the applied one).
  const assetIds =
    d.asset_type === 'ruleset'
      ? [d.asset_slug]
      : [definitionAssetId(d.asset_slug), implementationAssetId(d.asset_slug)];
  let applied = d.applied_version;
  // The tracked -dev versions stay recorded: the dev-version probe then says they are gone (false).
  const devVersions = d.dev_versions;
  await c.checkpoint('remove');
  const removeApplication = c.job.kind === 'unpublish' || (d.version !== null && applied === d.version);
  if (removeApplication && applied !== null) {
    const removed = await a.platform.remove(
      c.access.platform,
      d.platform_org_id,
      definitionAssetId(d.asset_slug),
    );
    await c.log.line(
      'remove',
      removed ? `Removed from organization ${d.platform_org_id}` : 'Not applied any more',
    );
    applied = null;
  }
  const versions = c.job.kind === 'unpublish' ? devVersions : d.version ? [d.version] : [];
  for (const version of versions) {
    for (const assetId of assetIds) {
      const deleted = await a.registry.deleteVersion(c.access.token, { groupId, assetId, version });
      await c.log.line(
        'remove',
        `${deleted ? 'Deleted' : 'Already gone:'} ${assetId} ${version}`,
        'info',
        `remove:${assetId}:${version}`,
      );
      c.progress();
    }
  }
  return { applied_version: applied, dev_versions: devVersions };
}
