import { createHash } from 'node:crypto';

export const CLASSIFIERS = ['policy-definition', 'policy-implementation', 'governance-ruleset'] as const;
export type Classifier = (typeof CLASSIFIERS)[number];

export interface StoredVersion {
  groupId: string;
  assetId: string;
  version: string;
  classifier: Classifier;
  name: string;
  description: string;
  files: Map<string, Buffer>;
  createdAt: string;
}

export interface HomePage {
  status: 'draft' | 'published';
  content: string;
  updatedAt: string;
}

interface StoredAsset {
  versions: Map<string, StoredVersion>;
  homePage: HomePage;
}

/** Published assets by group (organization id), asset id and version, in memory. */
export class RegistryStore {
  private readonly assets = new Map<string, StoredAsset>();

  publish(version: StoredVersion): 'created' | 'conflict' {
    const key = assetKey(version.groupId, version.assetId);
    let asset = this.assets.get(key);
    if (asset?.versions.has(version.version)) return 'conflict';
    if (!asset) {
      asset = {
        versions: new Map(),
        homePage: {
          status: 'draft',
          content: `# ${version.name}\n\n${version.description}`.trim(),
          updatedAt: version.createdAt,
        },
      };
      this.assets.set(key, asset);
    }
    asset.versions.set(version.version, version);
    return 'created';
  }

  getVersion(groupId: string, assetId: string, version: string): StoredVersion | undefined {
    return this.assets.get(assetKey(groupId, assetId))?.versions.get(version);
  }

  listVersions(groupId: string, assetId: string): StoredVersion[] | undefined {
    const asset = this.assets.get(assetKey(groupId, assetId));
    return asset ? [...asset.versions.values()] : undefined;
  }

  deleteVersion(groupId: string, assetId: string, version: string): boolean {
    const key = assetKey(groupId, assetId);
    const asset = this.assets.get(key);
    if (!asset?.versions.delete(version)) return false;
    if (asset.versions.size === 0) this.assets.delete(key);
    return true;
  }

  homePage(groupId: string, assetId: string): HomePage | undefined {
    return this.assets.get(assetKey(groupId, assetId))?.homePage;
  }

  setHomePage(
    groupId: string,
    assetId: string,
    page: { status: HomePage['status']; content?: string },
  ): HomePage | undefined {
    const asset = this.assets.get(assetKey(groupId, assetId));
    if (!asset) return undefined;
    asset.homePage = {
      status: page.status,
      content: page.content ?? asset.homePage.content,
      updatedAt: new Date().toISOString(),
    };
    return asset.homePage;
  }

  all(): StoredVersion[] {
    return [...this.assets.values()].flatMap((a) => [...a.versions.values()]);
  }
}

function assetKey(groupId: string, assetId: string): string {
  return `${groupId}\n${assetId}`;
}

export function versionJson(v: StoredVersion): Record<string, unknown> {
  return {
    groupId: v.groupId,
    assetId: v.assetId,
    version: v.version,
    classifier: v.classifier,
    name: v.name,
    description: v.description,
    files: [...v.files.entries()].map(([path, content]) => ({
      path,
      size: content.length,
      sha256: createHash('sha256').update(content).digest('hex'),
    })),
    createdAt: v.createdAt,
  };
}
