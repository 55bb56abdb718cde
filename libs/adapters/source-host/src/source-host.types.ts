/** A repository on the configured source host. */
export interface RepositoryCoordinates {
  owner: string;
  name: string;
}

/** What a repository URL says: the repository and, for `/tree/<ref>/<path>` URLs, a ref and a folder. */
export interface ParsedRepositoryUrl extends RepositoryCoordinates {
  ref?: string;
  /** Folder inside the repository, without leading or trailing slash. */
  path?: string;
  /** Canonical `<web>/<owner>/<name>`. */
  webUrl: string;
  /** `<web>/<owner>/<name>.git`, for git over smart HTTP. */
  cloneUrl: string;
}

export interface RepositoryInfo extends RepositoryCoordinates {
  fullName: string;
  description: string | null;
  defaultBranch: string;
  visibility: 'public' | 'private';
  hasIssues: boolean;
  archived: boolean;
  webUrl: string;
  cloneUrl: string;
}

/** A branch or a tag and the commit it points to. */
export interface GitRef {
  name: string;
  commitSha: string;
}

/**
 * A repository's branches, or its tags, as far as a listing reads them (`REFS_LISTED_MAX`, in the order
 * the host lists them); `truncated` when the host has more than were read.
 */
export interface GitRefList {
  refs: GitRef[];
  truncated: boolean;
}

export interface TreeEntry {
  /** From the repository root, `/`-separated. */
  path: string;
  type: 'file' | 'directory' | 'symlink' | 'submodule';
  sha: string;
  /** The git mode (`100644`, `100755`, `120000`, `040000`, `160000`), when the host says. */
  mode?: string;
  /** Bytes, for files. */
  size?: number;
}

/** What the host's compare says of `base...head`: commits head is ahead (and behind), files changed. */
export interface Comparison {
  aheadBy: number;
  behindBy: number;
  files: Array<{ path: string; status: string }>;
}

/** Every regular file of a repository at one commit, read over git. */
export interface RepositorySnapshot {
  commitSha: string;
  files: Map<string, Buffer>;
  /** `contentDigest` of the commit's tree (see content-digest.ts): what a review pins. */
  contentDigest: string;
}

export interface SnapshotOptions {
  /** Refuse repositories whose files add up to more (default 50 MiB). */
  maxBytes?: number;
  /** Refuse repositories with more files (default 5000). */
  maxFiles?: number;
}

/**
 * The source host, as services see it. Implemented over HTTP by `HttpSourceHost`; every failure is a
 * `SourceHostError` with a discriminating `kind`.
 */
export interface SourceHost {
  /** Throws `invalid_url` or `not_allowed_host`; no network. */
  parseRepositoryUrl(url: string): ParsedRepositoryUrl;
  getRepository(repo: RepositoryCoordinates): Promise<RepositoryInfo>;
  /** The branches, at most `REFS_LISTED_MAX` of them (`truncated` when there are more). */
  listBranches(repo: RepositoryCoordinates): Promise<GitRefList>;
  /** The tags, at most `REFS_LISTED_MAX` of them (`truncated` when there are more). */
  listTags(repo: RepositoryCoordinates): Promise<GitRefList>;
  /** The commit a branch, tag or commit SHA points to. */
  resolveRef(repo: RepositoryCoordinates, ref: string): Promise<string>;
  /** The host's compare of two commits or refs (`ref_not_found` when either is unknown). */
  compare(repo: RepositoryCoordinates, base: string, head: string): Promise<Comparison>;
  readFile(repo: RepositoryCoordinates, path: string, ref: string): Promise<Buffer>;
  readTextFile(repo: RepositoryCoordinates, path: string, ref: string): Promise<string>;
  /** Entries under `path` (the whole repository by default), recursively. */
  readTree(repo: RepositoryCoordinates, ref: string, path?: string): Promise<TreeEntry[]>;
  /**
   * The content digest of the whole repository at `ref` (see `contentDigest`), from the host's tree
   * listing (over git when the listing is truncated).
   */
  contentDigest(repo: RepositoryCoordinates, ref: string): Promise<{ commit: string; digest: string }>;
  /** Every file at `ref`, over git (shallow fetch into a temporary directory). */
  snapshot(repo: RepositoryCoordinates, ref: string, options?: SnapshotOptions): Promise<RepositorySnapshot>;
}
