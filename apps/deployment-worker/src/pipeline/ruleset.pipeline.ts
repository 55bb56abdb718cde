import { createHash } from 'node:crypto';
import { VERSION_PATTERN } from '@pc/contracts';
import type { AssetFileInput } from '@pc/registry';
import type { DeployOutcome } from '@pc/deployments-store';
import { type Adapters, type PipelineContext, savedStep } from './pipeline-context';
import { PermanentFailure } from './failure';
import { checkReviewedContent, provenanceSource, resolveRepository, unpinned } from './pinned-source';
import type { ResolvedRepository } from './pinned-source';
import {
  applyOnce,
  attestBuild,
  PROVENANCE_FILE,
  publishVersions,
  type PublishedVersions,
} from './publish-steps';

/** Profile files tried, in order, when neither the ruleset's path nor registry.json's `main` names one. */
const CONVENTIONAL_PROFILES = ['ruleset.yaml', 'ruleset.yml', 'profile.yaml', 'profile.yml'];
const ICONS = ['icon.svg', 'icon.png'];
const PROFILE_HEADER = '#%Validation Profile';

interface Resolved {
  ref: string;
  commit: string;
  repository?: ResolvedRepository;
}

interface Packaged {
  profile_path: string;
  sha256: string;
  files: string[];
}

/**
 * The ruleset deploy pipeline: resolve the ref to a commit, fetch the ruleset's folder at that commit,
 * derive the version, package the profile (with registry.json and the icon) as one `governance-ruleset`
 * asset, publish it to the registry, apply it on the platform. Like the policy pipeline, each step's
 * result is saved, a redelivered job skips what is done, and every external effect is idempotent
 * (a version already in the registry is not published again; applying replaces the same item).
 */
export async function runRulesetDeploy(c: PipelineContext, a: Adapters): Promise<DeployOutcome> {
  const { deployment: d } = c;
  const repo = a.sourceHost.parseRepositoryUrl(d.source.source_host_url);
  const prefix = repo.path ? `${repo.path}/` : '';

  const resolved = await savedStep(c, 'resolve', async (): Promise<Resolved> => {
    const sourceRef = d.source.source_ref ?? repo.ref ?? null;
    const repository = await resolveRepository(c, a, repo, 'definition', d.ref, sourceRef);
    return { ref: repository.ref, commit: repository.commit, repository };
  });
  const repository = resolved.repository ?? unpinned(resolved);

  let published = c.job.steps.publish as PublishedVersions | undefined;
  let version = (c.job.steps.version as { version: string } | undefined)?.version ?? null;
  let packaged = c.job.steps.build as Packaged | undefined;
  if (!published) {
    await c.checkpoint('fetch');
    const snapshot = await a.sourceHost.snapshot(repo, resolved.commit);
    await checkReviewedContent(c, repository, snapshot, 'definition');
    const all = snapshot.files;
    const files = new Map(
      [...all]
        .filter(([path]) => path.startsWith(prefix))
        .map(([path, content]) => [path.slice(prefix.length), content]),
    );
    await c.log.line(
      'fetch',
      `Fetched ${files.size} files at ${resolved.commit.slice(0, 12)}${prefix ? ` under ${repo.path}` : ''}`,
    );
    await c.save('fetch', { files: files.size });
    c.progress();

    await c.checkpoint('version');
    const registry = registryJson(files);
    const derived = rulesetVersion(d.requested_version, registry, resolved.ref);
    version = derived.version;
    await c.log.line('version', `Version ${version} (${derived.from})`);
    await c.save('version', { version });

    await c.checkpoint('build');
    const asset = packageRuleset(files, d.source.ruleset_path ?? null, registry);
    packaged = {
      profile_path: asset.profilePath,
      sha256: asset.sha256,
      files: asset.files.map((f) => f.path),
    };
    await c.log.line(
      'build',
      `Packaged ${asset.profilePath} (sha256 ${asset.sha256}) with ${asset.files.length - 1} more file(s): ` +
        asset.files
          .slice(1)
          .map((f) => f.path)
          .join(', '),
    );
    await c.save('build', packaged);

    const envelope = await attestBuild(c, {
      assetType: 'ruleset',
      itemId: d.ruleset_id,
      subjects: asset.files.map((f) => ({
        name: `${d.asset_slug}/${f.path}`,
        digest: { sha256: createHash('sha256').update(f.content).digest('hex') },
      })),
      sources: [provenanceSource(d.source.source_host_url, repository, snapshot.contentDigest)],
      reviewed: d.source.reviewed ?? false,
      build: { command: null, network: null, version, release: d.do_release, publish: d.do_publish },
    });

    await c.checkpoint('publish');
    published = await publishVersions(
      c,
      a,
      version,
      [
        {
          assetId: d.asset_slug,
          classifier: 'governance-ruleset',
          files: [
            ...asset.files,
            { path: PROVENANCE_FILE, content: Buffer.from(JSON.stringify(envelope, null, 2)) },
          ],
        },
      ],
      'governance-ruleset',
    );
    await c.save('publish', published);
  }
  c.progress();

  await applyOnce(c, a, published, { kind: 'ruleset', assetId: d.asset_slug }, `ruleset ${d.asset_name}`);

  return {
    commit_sha: resolved.commit,
    implementation_commit_sha: null,
    version: version ?? published.applied_version.replace(/-dev\..*$/, ''),
    group_id: published.group_id,
    definition_asset_version: published.applied_version,
    implementation_asset_version: null,
    applied_version: published.applied_version,
    dev_versions: published.dev_versions,
    home_doc_status: published.home_doc_status,
    governance_profile_result: {
      asset_id: d.asset_slug,
      classifier: 'governance-ruleset',
      version: published.applied_version,
      profile_path: packaged?.profile_path ?? null,
      sha256: packaged?.sha256 ?? null,
      files: packaged?.files ?? [],
      applied_to: d.platform_org_id,
    },
  };
}

interface RegistryJson {
  main: string | null;
  version: string | null;
}

function registryJson(files: Map<string, Buffer>): RegistryJson | null {
  const text = files.get('registry.json')?.toString('utf8');
  if (text === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new PermanentFailure('registry.json is not valid JSON at this commit');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new PermanentFailure('registry.json is not a JSON object at this commit');
  const fields = parsed as Record<string, unknown>;
  const field = (name: string): string | null => {
    const value = fields[name];
    return typeof value === 'string' ? value : null;
  };
  return { main: field('main')?.replace(/^\.?\/+/, '') ?? null, version: field('version') };
}

/**
 * The version: the request's, else registry.json's `version`, else the ref when it is a version tag
 * (`v1.2.0` or `1.2.0`). A ruleset repository has no other place that says it.
 */
export function rulesetVersion(
  requested: string | null,
  registry: RegistryJson | null,
  ref: string,
): { version: string; from: string } {
  if (requested !== null) return { version: requested, from: 'from the request' };
  if (registry?.version) {
    if (!VERSION_PATTERN.test(registry.version))
      throw new PermanentFailure(
        `registry.json's version ${registry.version} is not MAJOR.MINOR.PATCH: give a version in the request`,
      );
    return { version: registry.version, from: 'from registry.json' };
  }
  const tag = /^v?(\d+\.\d+\.\d+)$/.exec(ref)?.[1];
  if (tag && VERSION_PATTERN.test(tag)) return { version: tag, from: `from the tag ${ref}` };
  throw new PermanentFailure(
    'No version: registry.json has none and the ref is not a version tag; give a version in the request',
  );
}

/** The asset's files: the profile first (under its own name), then registry.json and the icon when present. */
function packageRuleset(
  files: Map<string, Buffer>,
  rulesetPath: string | null,
  registry: RegistryJson | null,
): { profilePath: string; sha256: string; files: AssetFileInput[] } {
  const candidates = [rulesetPath, registry?.main ?? null, ...CONVENTIONAL_PROFILES].filter(
    (p): p is string => p !== null,
  );
  const profilePath = candidates.find((p) => files.has(p));
  if (!profilePath)
    throw new PermanentFailure(`No validation profile at this commit (looked for ${candidates.join(', ')})`);
  const profile = files.get(profilePath)!;
  if (!profile.toString('utf8', 0, 64).startsWith(PROFILE_HEADER))
    throw new PermanentFailure(`${profilePath} is not a validation profile (no "${PROFILE_HEADER}" header)`);
  const out: AssetFileInput[] = [{ path: profilePath, content: profile }];
  if (files.has('registry.json') && profilePath !== 'registry.json')
    out.push({ path: 'registry.json', content: files.get('registry.json')! });
  const icon = ICONS.find((i) => files.has(i));
  if (icon) out.push({ path: icon, content: files.get(icon)! });
  return { profilePath, sha256: createHash('sha256').update(profile).digest('hex'), files: out };
}
