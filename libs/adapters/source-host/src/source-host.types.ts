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

export interface TreeEntry {
  /** From the repository root, `/`-separated. */
  path: string;
  type: 'file' | 'directory' | 'symlink' | 'submodule';
  sha: string;
  /** Bytes, for files. */
  size?: number;
}

/** Every regular file of a repository at one commit, read over git. */
export interface RepositorySnapshot {
  commitSha: string;
  files: Map<string, Buffer>;
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
  listBranches(repo: RepositoryCoordinates): Promise<GitRef[]>;
  listTags(repo: RepositoryCoordinates): Promise<GitRef[]>;
  /** The commit a branch, tag or commit SHA points to. */
  resolveRef(repo: RepositoryCoordinates, ref: string): Promise<string>;
  readFile(repo: RepositoryCoordinates, path: string, ref: string): Promise<Buffer>;
  readTextFile(repo: RepositoryCoordinates, path: string, ref: string): Promise<string>;
  /** Entries under `path` (the whole repository by default), recursively. */
  readTree(repo: RepositoryCoordinates, ref: string, path?: string): Promise<TreeEntry[]>;
  /** Every file at `ref`, over git (shallow fetch into a temporary directory). */
  snapshot(repo: RepositoryCoordinates, ref: string, options?: SnapshotOptions): Promise<RepositorySnapshot>;
}
