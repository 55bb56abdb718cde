import { notOnRegistry } from '@pc/deployments-store';
import type { ApplyRequest } from '@pc/gateway-platform';
import type { DsseEnvelope, ProvenanceInput } from '@pc/platform';
import type { AccessTokenProvider, AssetClassifier, AssetFileInput, Registry } from '@pc/registry';
import { isRegistryError } from '@pc/registry';
import { PermanentFailure } from './failure';
import type { Adapters, PipelineContext } from './pipeline-context';

/** The attestation's file beside the published asset version's files in the registry. */
export const PROVENANCE_FILE = 'provenance.intoto.json';

/** One asset of a deploy: its files under one asset id and classifier in the item's group. */
export interface AssetToPublish {
  assetId: string;
  classifier: AssetClassifier;
  files: AssetFileInput[];
}

/** The publish step's result: the group, the version the apply step applies, what the outcome records. */
export interface PublishedVersions {
  group_id: string;
  applied_version: string;
  dev_versions: string[];
  home_doc_status: string | null;
}

/**
 * The publish step: publishes each version the deploy asks for (a dev version, the release) of each
 * asset, or checks that the version is already in the registry when it asks for neither (as
 * `existingClassifier` when given); sets the first asset's home page; deletes the dev versions a release
 * asked to clean up. Every effect is idempotent, so a redelivered job repeats it safely.
 */
export async function publishVersions(
  c: PipelineContext,
  a: Adapters,
  version: string,
  assets: AssetToPublish[],
  existingClassifier?: AssetClassifier,
): Promise<PublishedVersions> {
  const [main] = assets;
  if (!main) throw new Error('publishVersions needs at least one asset');
  const { devVersion, versions } = versionsToPublish(c, version);
  for (const v of versions) {
    for (const asset of assets) {
      await ensurePublished(c, a.registry, c.access.token, {
        groupId: c.access.groupId,
        version: v,
        name: c.deployment.asset_name,
        ...asset,
      });
      c.progress();
    }
  }
  if (versions.length === 0) await requirePublished(c, a, main.assetId, version, existingClassifier);
  const homeDocStatus = versions.length > 0 ? await publishHomePage(c, a, main.assetId) : null;
  await deleteDevVersions(
    c,
    a,
    version,
    assets.map((asset) => asset.assetId),
  );
  const { applied, devVersions } = appliedVersions(c, version, devVersion);
  return {
    group_id: c.access.groupId,
    applied_version: applied,
    dev_versions: devVersions,
    home_doc_status: homeDocStatus,
  };
}

/**
 * The versions a deploy publishes: a `-dev.<stamp>` version with doPublish, the version itself with
 * doRelease (none with neither: the version must already be in the registry).
 */
function versionsToPublish(
  c: PipelineContext,
  version: string,
): { devVersion: string | null; versions: string[] } {
  const d = c.deployment;
  const devVersion = d.do_publish ? `${version}-dev.${stamp(c.job.created_at)}` : null;
  const versions = [devVersion, d.do_release ? version : null].filter((v): v is string => v !== null);
  return { devVersion, versions };
}

/**
 * Neither publish nor release: the version must already be in the registry (as `classifier` when given).
 */
async function requirePublished(
  c: PipelineContext,
  a: Adapters,
  assetId: string,
  version: string,
  classifier?: AssetClassifier,
): Promise<void> {
  const existing = await a.registry.getVersion(c.access.token, {
    groupId: c.access.groupId,
    assetId,
    version,
  });
  if (!existing) throw new PermanentFailure(notOnRegistry(`${c.deployment.asset_name} ${version}`));
  if (classifier && existing.classifier !== classifier)
    throw new PermanentFailure(
      `${assetId} ${version} in the registry is a ${existing.classifier}, not a ${classifier}`,
    );
  await c.log.line('publish', `Using ${assetId} ${version} already in the registry`);
}

/** Publishes the asset's home page from the item's description: published with a release, a draft otherwise. */
async function publishHomePage(c: PipelineContext, a: Adapters, assetId: string): Promise<string> {
  const d = c.deployment;
  const page = await a.registry.setHomePage(
    c.access.token,
    { groupId: c.access.groupId, assetId },
    { status: d.do_release ? 'published' : 'draft', content: d.source.description },
  );
  await c.log.line('publish', `Home page ${page.status}`);
  return page.status;
}

/** After a release asked to clean up: deletes each asset's dev versions of the released version. */
async function deleteDevVersions(
  c: PipelineContext,
  a: Adapters,
  version: string,
  assetIds: string[],
): Promise<void> {
  const d = c.deployment;
  if (!(d.do_release && d.cleanup_dev)) return;
  const groupId = c.access.groupId;
  for (const assetId of assetIds) {
    const all = await a.registry.listVersions(c.access.token, { groupId, assetId });
    for (const old of all.filter((v) => v.version.startsWith(`${version}-dev.`))) {
      await a.registry.deleteVersion(c.access.token, { groupId, assetId, version: old.version });
      await c.log.line(
        'publish',
        `Deleted dev version ${assetId} ${old.version}`,
        'info',
        `cleanup:${assetId}:${old.version}`,
      );
    }
  }
}

/** The version applied (the release, else the dev version) and the dev versions the deploy leaves. */
function appliedVersions(
  c: PipelineContext,
  version: string,
  devVersion: string | null,
): { applied: string; devVersions: string[] } {
  const d = c.deployment;
  return {
    applied: d.do_release ? version : (devVersion ?? version),
    devVersions: devVersion && !(d.do_release && d.cleanup_dev) ? [devVersion] : [],
  };
}

/** The apply step: applies the published version on the platform once (a redelivery skips it). */
export async function applyOnce(
  c: PipelineContext,
  a: Adapters,
  published: PublishedVersions,
  asset: Pick<ApplyRequest, 'kind' | 'assetId'>,
  what: string,
): Promise<void> {
  const d = c.deployment;
  await c.checkpoint('apply');
  if (c.job.steps.apply) return;
  const version = published.applied_version;
  await a.platform.apply(c.access.platform, d.platform_org_id, {
    ...asset,
    groupId: published.group_id,
    version,
  });
  await c.log.line('apply', `Applied ${what} ${version} to organization ${d.platform_org_id}`);
  await c.save('apply', { version });
}

/** Signs the provenance of what the job built, with the job's own ids and times, and logs the key. */
export async function attestBuild(
  c: PipelineContext,
  input: Omit<ProvenanceInput, 'deploymentId' | 'jobId' | 'startedOn' | 'finishedOn'>,
): Promise<DsseEnvelope> {
  const envelope = await c.attest({
    ...input,
    deploymentId: c.deployment.id,
    jobId: c.job.id,
    startedOn: c.job.started_at ?? new Date(c.job.created_at),
    finishedOn: new Date(),
  });
  await c.log.line('build', `Provenance signed (key ${envelope.signatures[0]?.keyid ?? '?'})`);
  return envelope;
}

/** Publishes a version unless the registry has it already (a redelivery after a publish that got no answer). */
async function ensurePublished(
  c: PipelineContext,
  registry: Registry,
  token: AccessTokenProvider,
  input: {
    groupId: string;
    assetId: string;
    version: string;
    classifier: AssetClassifier;
    name: string;
    files: AssetFileInput[];
  },
): Promise<void> {
  const key = `publish:${input.assetId}:${input.version}`;
  const existing = await registry.getVersion(token, input);
  if (existing) {
    // Same key as the line below: a redelivery after a publish whose line was lost still logs it once.
    await c.log.line(
      'publish',
      `Published ${input.assetId} ${input.version} (${input.classifier}): already in the registry`,
      'info',
      key,
    );
    return;
  }
  try {
    await registry.publish(token, { ...input, description: c.deployment.source.description.slice(0, 500) });
  } catch (error) {
    // Published by an attempt whose answer was lost: the registry says so with a conflict.
    if (!(isRegistryError(error) && error.kind === 'conflict')) throw error;
  }
  await c.log.line(
    'publish',
    `Published ${input.assetId} ${input.version} (${input.classifier})`,
    'info',
    key,
  );
}

/** `YYYYMMDDHHMMSS` of the job's creation: the same for every delivery of the job. */
function stamp(at: Date): string {
  return new Date(at).toISOString().replace(/[-:T]/g, '').slice(0, 14);
}
