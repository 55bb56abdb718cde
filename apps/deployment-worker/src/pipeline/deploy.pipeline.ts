import { createHash } from 'node:crypto';
import type { DsseEnvelope } from '@pc/platform';
import type { RepositoryCoordinates } from '@pc/source-host';
import { VERSION_PATTERN } from '@pc/contracts';
import { definitionAssetId, type DeployOutcome, implementationAssetId } from '@pc/deployments-store';
import { build, type BuildNetwork, type ClusterBuilds } from './build';
import type { BuildAllowEntry } from './build-proxy';
import { PermanentFailure } from './failure';
import type { SandboxSettings } from './sandbox/sandbox.settings';
import { type Adapters, type PipelineContext, savedStep } from './pipeline-context';
import {
  checkReviewedContent,
  provenanceSource,
  resolveRepository,
  type ResolvedRepository,
  unpinned,
} from './pinned-source';
import { applyOnce, attestBuild, PROVENANCE_FILE, publishVersions } from './publish-steps';

export interface BuildSettings {
  command?: string;
  /** Default `isolated` (see `BuildNetwork`). */
  network?: BuildNetwork;
  /** With `isolated`: the hosts the build reaches through its proxy (`DEPLOY_BUILD_ALLOWLIST`). */
  allowlist?: readonly BuildAllowEntry[];
  timeoutMs: number;
  /** PATH for the build command. */
  path?: string;
  /** Where the command runs and its limits (default: bubblewrap, the default limits). */
  sandbox?: SandboxSettings;
  /** With `DEPLOY_BUILD_SANDBOX=kubernetes`: the cluster that runs builds. */
  cluster?: ClusterBuilds;
}

interface Resolved {
  ref: string;
  commit: string;
  implementationRef: string | null;
  implementationCommit: string | null;
  definition?: ResolvedRepository;
  implementation?: ResolvedRepository | null;
}

/** The publish and apply steps' result: what the outcome records of them. */
type Published = Pick<
  DeployOutcome,
  | 'group_id'
  | 'definition_asset_version'
  | 'implementation_asset_version'
  | 'applied_version'
  | 'dev_versions'
  | 'home_doc_status'
>;

/**
 * The deploy pipeline: resolve the ref to a commit, fetch the sources at that commit, derive the version,
 * build, publish to the registry, apply on the platform; the caller records the outcome. Each step's
 * result is saved; a redelivered job skips what is done. Every external effect is idempotent on its own:
 * a version already in the registry with the same content is not published again, and applying replaces
 * the same item.
 */
export async function runDeploy(
  c: PipelineContext,
  a: Adapters,
  settings: BuildSettings,
): Promise<DeployOutcome> {
  const { deployment: d } = c;
  const definitionRepo = a.sourceHost.parseRepositoryUrl(d.source.source_host_url);
  const implementationRepo = d.source.implementation_source_host_url
    ? a.sourceHost.parseRepositoryUrl(d.source.implementation_source_host_url)
    : null;

  const resolved = await savedStep(c, 'resolve', async (): Promise<Resolved> => {
    const definition = await resolveRepository(
      c,
      a,
      definitionRepo,
      'definition',
      d.ref,
      d.source.source_ref,
    );
    const implementation = implementationRepo
      ? await resolveRepository(
          c,
          a,
          implementationRepo,
          'implementation',
          d.implementation_ref,
          d.source.implementation_source_ref,
        )
      : null;
    return {
      ref: definition.ref,
      commit: definition.commit,
      implementationRef: implementation?.ref ?? null,
      implementationCommit: implementation?.commit ?? null,
      definition,
      implementation,
    };
  });
  const definitionResolved = resolved.definition ?? unpinned(resolved);

  let published = c.job.steps.publish as Published | undefined;
  let version = (c.job.steps.version as { version: string } | undefined)?.version ?? null;
  if (!published) {
    // fetch, version and build only read and compute: repeated after a redelivery, they write nothing twice.
    await c.checkpoint('fetch');
    const definitionSnapshot = await a.sourceHost.snapshot(definitionRepo, resolved.commit);
    await checkReviewedContent(c, definitionResolved, definitionSnapshot, 'definition');
    const implementationSnapshot = implementationRepo
      ? await a.sourceHost.snapshot(implementationRepo, resolved.implementationCommit!)
      : null;
    if (implementationSnapshot && resolved.implementation)
      await checkReviewedContent(c, resolved.implementation, implementationSnapshot, 'implementation');
    const definitionFiles = definitionSnapshot.files;
    const implementationFiles = implementationSnapshot?.files ?? definitionFiles;
    await c.log.line(
      'fetch',
      `Fetched ${definitionFiles.size} files at ${resolved.commit.slice(0, 12)}` +
        (implementationRepo ? ` and ${implementationFiles.size} implementation files` : ''),
    );
    await c.save('fetch', {
      files: definitionFiles.size + (implementationRepo ? implementationFiles.size : 0),
    });
    c.progress();

    await c.checkpoint('version');
    version = d.requested_version ?? cargoVersion(implementationFiles);
    if (!version || !VERSION_PATTERN.test(version))
      throw new PermanentFailure(
        version
          ? `The repository's version ${version} is not MAJOR.MINOR.PATCH: give a version in the request`
          : 'No version in Cargo.toml ([package] version): give a version in the request',
      );
    await c.log.line(
      'version',
      `Version ${version}${d.requested_version ? ' (from the request)' : ' (from Cargo.toml)'}`,
    );
    await c.save('version', { version });

    await c.checkpoint('build');
    const definition = definitionFile(definitionFiles);
    await c.log.line(
      'build',
      settings.command
        ? `Building: ${settings.command}${buildNetworkNote(settings)}`
        : 'Packaging the implementation',
    );
    const built = await build(implementationOnly(implementationFiles), {
      command: settings.command,
      network: settings.network,
      allowlist: settings.allowlist,
      sandbox: settings.sandbox,
      cluster: settings.cluster,
      timeoutMs: settings.timeoutMs,
      path: settings.path ?? '/usr/local/bin:/usr/bin:/bin',
      cancelled: () => c.cancelled(),
      output: (line) => c.log.line('build', line),
      progress: () => c.progress(),
    });
    await c.log.line(
      'build',
      `Archive of ${built.files} files, ${built.archive.length} bytes, sha256 ${built.sha256}`,
    );
    await c.save('build', { sha256: built.sha256, bytes: built.archive.length });
    c.progress();

    const envelope = await attestBuild(c, {
      assetType: 'policy',
      itemId: d.policy_id,
      subjects: [
        {
          name: `${implementationAssetId(d.asset_slug)}/implementation.tar`,
          digest: { sha256: built.sha256 },
        },
        {
          name: `${definitionAssetId(d.asset_slug)}/gcl.yaml`,
          digest: { sha256: createHash('sha256').update(definition.content).digest('hex') },
        },
      ],
      sources: [
        provenanceSource(d.source.source_host_url, definitionResolved, definitionSnapshot.contentDigest),
        ...(implementationSnapshot && resolved.implementation
          ? [
              provenanceSource(
                d.source.implementation_source_host_url!,
                resolved.implementation,
                implementationSnapshot.contentDigest,
              ),
            ]
          : []),
      ],
      reviewed: d.source.reviewed ?? false,
      build: {
        command: settings.command ?? null,
        network: settings.command ? (settings.network ?? 'isolated') : null,
        version,
        release: d.do_release,
        publish: d.do_publish,
      },
    });

    await c.checkpoint('publish');
    published = await publish(c, a, version, definition, built, envelope);
    await c.save('publish', published);
  }
  c.progress();

  await applyOnce(
    c,
    a,
    published,
    { kind: 'policy', assetId: definitionAssetId(d.asset_slug) },
    d.asset_name,
  );

  return {
    commit_sha: resolved.commit,
    implementation_commit_sha: resolved.implementationCommit,
    version: version ?? published.applied_version.replace(/-dev\..*$/, ''),
    ...published,
    governance_profile_result: null,
  };
}

/** How the build log names the command's network. */
function buildNetworkNote(settings: BuildSettings): string {
  if (settings.network === 'host') return ' (with the network)';
  const hosts = (settings.allowlist ?? []).map(
    (e) =>
      `${e.wildcard ? '*.' : ''}${e.host.includes(':') ? `[${e.host}]` : e.host}${e.port ? `:${e.port}` : ''}`,
  );
  return hosts.length > 0 ? ` (network: only ${hosts.join(', ')}, through the build proxy)` : '';
}

async function publish(
  c: PipelineContext,
  a: Adapters,
  version: string,
  definition: { path: string; content: Buffer },
  built: { archive: Buffer; sha256: string },
  envelope: DsseEnvelope,
): Promise<Published> {
  const d = c.deployment;
  const published = await publishVersions(c, a, version, [
    {
      classifier: 'policy-definition',
      assetId: definitionAssetId(d.asset_slug),
      files: [{ path: definition.path, content: definition.content }],
    },
    {
      classifier: 'policy-implementation',
      assetId: implementationAssetId(d.asset_slug),
      files: [
        { path: 'implementation.tar', content: built.archive },
        { path: 'implementation.tar.sha256', content: `${built.sha256}  implementation.tar\n` },
        { path: PROVENANCE_FILE, content: Buffer.from(JSON.stringify(envelope, null, 2)) },
      ],
    },
  ]);
  return {
    ...published,
    definition_asset_version: published.applied_version,
    implementation_asset_version: published.applied_version,
  };
}

function cargoVersion(files: Map<string, Buffer>): string | null {
  const cargo = files.get('Cargo.toml')?.toString('utf8');
  if (!cargo) return null;
  const pkg = /\[package\]([\s\S]*?)(\n\[|$)/.exec(cargo)?.[1] ?? '';
  return /^\s*version\s*=\s*"([^"]+)"/m.exec(pkg)?.[1] ?? null;
}

function definitionFile(files: Map<string, Buffer>): { path: string; content: Buffer } {
  for (const path of ['definition/gcl.yaml', 'gcl.yaml']) {
    const content = files.get(path);
    if (content) return { path: 'gcl.yaml', content };
  }
  throw new PermanentFailure('No policy definition (gcl.yaml at the root or in definition/) at this commit');
}

function implementationOnly(files: Map<string, Buffer>): Map<string, Buffer> {
  return new Map([...files].filter(([path]) => !path.startsWith('definition/') && path !== 'gcl.yaml'));
}

export type { RepositoryCoordinates };
