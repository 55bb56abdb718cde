import { Inject, Injectable } from '@nestjs/common';
import {
  type GitRef,
  isSourceHostError,
  type ParsedRepositoryUrl,
  type RepositoryInfo,
  type SourceHost,
} from '@pc/source-host';
import { isTransientSourceHostError, PRIVATE_REFUSED, SOURCE_HOST, upstreamUnavailable } from './source-host';

/** A repository opened at one commit: everything a kind's inspection reads is read there. */
export interface OpenedRepository {
  parsed: ParsedRepositoryUrl;
  info: RepositoryInfo;
  /** The ref named (else the URL's, else the default branch) ... */
  ref: string;
  /** ... and the commit it pointed to when opened: what is read is what is recorded (and approval pins). */
  commit: string;
  /** The root's folder with its slash (`''` for the repository's root): the paths reported start with it. */
  prefix: string;
  /** The root's files, relative to it. */
  files: Set<string>;
}

/** Where a kind's inspection reports what a user can act on (its validation result's lists). */
export interface RepositoryReport {
  errors: string[];
  warnings: string[];
}

/** The request's fields a problem of the repository URL, and of its ref, is reported under. */
export interface SourceFields {
  url: string;
  ref: string;
}

/** A file larger than this is refused (the files a kind reads are a few kilobytes). */
export const MAX_READ_BYTES = 1024 * 1024;

/**
 * What to tell a user about a repository the source host refused, in their words. A host that could not
 * answer (down, timing out, rate limiting, refusing our token) says nothing about the repository: that is
 * thrown as 502 UPSTREAM_UNAVAILABLE; a failure that is not the host's is a bug, rethrown.
 */
export function repositoryProblem(error: unknown): string {
  if (isTransientSourceHostError(error)) throw upstreamUnavailable(error);
  if (!isSourceHostError(error)) throw error;
  switch (error.kind) {
    case 'not_found':
      return 'the repository does not exist';
    case 'private':
      return 'the repository is private or no longer exists';
    case 'private_refused':
      return `the repository ${PRIVATE_REFUSED}`;
    case 'invalid_url':
    case 'not_allowed_host':
      return `not a repository URL on the supported source host (${error.message})`;
    case 'ref_not_found':
      return `the branch, tag or commit does not exist (${error.message})`;
    case 'path_not_found':
      return `not found (${error.message})`;
    case 'too_large':
      return `too large to read (${error.message})`;
    case 'rate_limited':
    case 'timeout':
    case 'unauthorized':
    case 'unreachable':
    case 'upstream_error':
      throw upstreamUnavailable(error);
  }
}

/**
 * The source host steps every kind takes, written once: a repository URL parsed, opened at one commit,
 * its files read within a size limit, its content digest taken, its refs listed. The inspection's steps
 * never throw for a bad repository: each reports it (`repositoryProblem`) and answers null; only a host
 * that could not answer is thrown (502).
 */
@Injectable()
export class RepositoryReader {
  constructor(@Inject(SOURCE_HOST) private readonly host: SourceHost) {}

  /** The URL as the source host reads it (owner, name, and the `/tree/<ref>/<path>` it names, if any). */
  parse(url: string, field: string, report: RepositoryReport): ParsedRepositoryUrl | null {
    try {
      return this.host.parseRepositoryUrl(url);
    } catch (error) {
      report.errors.push(`${field}: ${repositoryProblem(error)}`);
      return null;
    }
  }

  /**
   * Opens the repository at the ref named, else the URL's `/tree/<ref>`, else the default branch, resolved
   * once to a commit; the root is the URL's folder, if it names one.
   */
  async open(
    parsed: ParsedRepositoryUrl,
    namedRef: string | undefined,
    fields: SourceFields,
    report: RepositoryReport,
  ): Promise<OpenedRepository | null> {
    let info: RepositoryInfo;
    try {
      info = await this.host.getRepository(parsed);
    } catch (error) {
      report.errors.push(`${fields.url}: ${repositoryProblem(error)}`);
      return null;
    }
    if (info.archived) report.warnings.push(`${fields.url}: the repository is archived`);
    const ref = namedRef || parsed.ref || info.defaultBranch;
    try {
      const commit = await this.host.resolveRef(parsed, ref);
      const tree = await this.host.readTree(parsed, commit, parsed.path);
      const prefix = parsed.path ? `${parsed.path}/` : '';
      const files = new Set(tree.filter((e) => e.type === 'file').map((e) => e.path.slice(prefix.length)));
      return { parsed, info, ref, commit, prefix, files };
    } catch (error) {
      if (isSourceHostError(error, 'ref_not_found'))
        report.errors.push(
          `${fields.ref}: the branch, tag or commit "${ref}" does not exist in the repository`,
        );
      else if (isSourceHostError(error, 'path_not_found'))
        report.errors.push(`${fields.url}: the folder "${parsed.path ?? ''}" does not exist at ${ref}`);
      else report.errors.push(`${fields.url}: ${repositoryProblem(error)}`);
      return null;
    }
  }

  /**
   * The refs the repository may be read at: its default branch, branches and tags, at most
   * `REFS_LISTED_MAX` of each; `truncated` when either list was cut there (a failure is thrown).
   */
  async refs(
    url: string,
  ): Promise<{ defaultBranch: string; branches: GitRef[]; tags: GitRef[]; truncated: boolean }> {
    const parsed = this.host.parseRepositoryUrl(url);
    const [info, branches, tags] = await Promise.all([
      this.host.getRepository(parsed),
      this.host.listBranches(parsed),
      this.host.listTags(parsed),
    ]);
    return {
      defaultBranch: info.defaultBranch,
      branches: branches.refs,
      tags: tags.refs,
      truncated: branches.truncated || tags.truncated,
    };
  }

  /** The content digest of the repository at the commit read: approval pins it, the worker checks it. */
  async digest(repo: OpenedRepository, report: RepositoryReport): Promise<string | null> {
    try {
      return (await this.host.contentDigest(repo.parsed, repo.commit)).digest;
    } catch (error) {
      report.errors.push(`the content digest at ${repo.commit.slice(0, 12)}: ${repositoryProblem(error)}`);
      return null;
    }
  }

  /**
   * A file of the root as text, at the commit read; one larger than `MAX_READ_BYTES` is refused. Its
   * problem is reported under its path unless `quiet` (a file only tried, like a profile looked for).
   */
  async readText(
    repo: OpenedRepository,
    path: string,
    report: RepositoryReport,
    quiet = false,
  ): Promise<string | null> {
    try {
      const bytes = await this.host.readFile(repo.parsed, `${repo.prefix}${path}`, repo.commit);
      if (bytes.length <= MAX_READ_BYTES) return bytes.toString('utf8');
      if (!quiet) report.errors.push(`${repo.prefix}${path}: larger than 1 MiB`);
    } catch (error) {
      const problem = repositoryProblem(error);
      if (!quiet) report.errors.push(`${repo.prefix}${path}: ${problem}`);
    }
    return null;
  }
}
