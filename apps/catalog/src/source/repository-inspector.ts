import { Inject, Injectable } from '@nestjs/common';
import type { AssetKind, ProjectType, SubmissionValidation, ValidateSubmissionRequest } from '@pc/contracts';
import {
  isSourceHostError,
  type ParsedRepositoryUrl,
  type RepositoryInfo,
  type SourceHost,
  type TreeEntry,
} from '@pc/source-host';
import { parse } from 'yaml';
import { isTransientSourceHostError, SOURCE_HOST, sourceHostFailure } from '@pc/listings';
import { policyKind } from '../policy.kind';

interface Opened {
  parsed: ParsedRepositoryUrl;
  info: RepositoryInfo;
  /** The ref named (or the default branch) ... */
  ref: string;
  /** ... and the commit it pointed to: everything is read at this commit. */
  commit: string;
  files: Set<string>;
  prefix: string;
}

/**
 * Reads a policy repository (unified, or split into definition and implementation) through the source
 * host adapter and reports every problem: it never throws for a bad repository, only describes it. When
 * the source host itself cannot answer (down, timing out, rate limiting), nothing can be said about the
 * repository: that is thrown as a 502 UPSTREAM_UNAVAILABLE rather than reported as a problem of it.
 */
@Injectable()
export class RepositoryInspector {
  constructor(@Inject(SOURCE_HOST) private readonly host: SourceHost) {}

  async validate(
    request: ValidateSubmissionRequest & { name?: string; description?: string },
  ): Promise<SubmissionValidation> {
    const projectType: ProjectType =
      request.projectType ?? (request.implementationSourceHostUrl ? 'split' : 'unified');
    const result: SubmissionValidation = {
      ok: false,
      errors: [],
      warnings: [],
      projectType,
      definition: null,
      implementation: null,
      version: null,
      kitVersion: null,
      defaultBranch: null,
      implementationDefaultBranch: null,
      ref: null,
      commit: null,
      implementationRef: null,
      implementationCommit: null,
      hasIssues: null,
      assetKinds: [],
    };
    const definitionRepo = await this.open(
      request.sourceHostUrl,
      request.sourceRef,
      'sourceHostUrl',
      result.errors,
    );
    let implementationRepo: Opened | null = definitionRepo;
    if (projectType === 'split') {
      if (!request.implementationSourceHostUrl) {
        result.errors.push('implementationSourceHostUrl is required for a split project');
        implementationRepo = null;
      } else {
        implementationRepo = await this.open(
          request.implementationSourceHostUrl,
          request.implementationSourceRef,
          'implementationSourceHostUrl',
          result.errors,
        );
      }
    }
    if (definitionRepo) {
      result.defaultBranch = definitionRepo.info.defaultBranch;
      result.ref = definitionRepo.ref;
      result.commit = definitionRepo.commit;
      result.contentDigest = await this.digest(definitionRepo, result.errors);
      result.hasIssues = definitionRepo.info.hasIssues;
      if (definitionRepo.info.archived) result.warnings.push('The repository is archived');
      await this.inspectDefinition(definitionRepo, projectType, result);
    }
    if (implementationRepo) {
      result.implementationDefaultBranch = implementationRepo.info.defaultBranch;
      result.implementationRef = implementationRepo.ref;
      result.implementationCommit = implementationRepo.commit;
      result.implementationContentDigest =
        implementationRepo === definitionRepo ? null : await this.digest(implementationRepo, result.errors);
      await this.inspectImplementation(implementationRepo, result);
    }
    result.assetKinds = inferAssetKinds(
      [
        request.name,
        request.description,
        result.definition?.title,
        result.definition?.description,
        result.definition?.category,
      ]
        .filter(Boolean)
        .join(' '),
    );
    result.ok = result.errors.length === 0;
    return result;
  }

  /**
   * Reads the repository at the ref that will be deployed: the one named, else the URL's /tree/<ref>,
   * else the default branch; resolved once to a commit, so that what is read is what is recorded.
   */
  private async open(
    url: string,
    namedRef: string | undefined,
    field: string,
    errors: string[],
  ): Promise<Opened | null> {
    try {
      const parsed = this.host.parseRepositoryUrl(url);
      const refField = field === 'sourceHostUrl' ? 'sourceRef' : 'implementationSourceRef';
      if (namedRef && parsed.ref && namedRef !== parsed.ref) {
        errors.push(`${refField}: ${namedRef} differs from the ref in ${field} (${parsed.ref}); name one`);
        return null;
      }
      const info = await this.host.getRepository(parsed);
      const ref = namedRef || parsed.ref || info.defaultBranch;
      const commit = await this.host.resolveRef(parsed, ref);
      const tree: TreeEntry[] = await this.host.readTree(parsed, commit, parsed.path);
      const prefix = parsed.path ? `${parsed.path}/` : '';
      const files = new Set(tree.filter((e) => e.type === 'file').map((e) => e.path.slice(prefix.length)));
      return { parsed, info, ref, commit, files, prefix };
    } catch (error) {
      errors.push(`${field}: ${problem(error)}`);
      return null;
    }
  }

  /** The content digest at the commit read: approval pins it, the worker checks it before building. */
  private async digest(repo: Opened, errors: string[]): Promise<string | null> {
    try {
      return (await this.host.contentDigest(repo.parsed, repo.commit)).digest;
    } catch (error) {
      errors.push(`the content digest at ${repo.commit.slice(0, 12)}: ${problem(error)}`);
      return null;
    }
  }

  private async read(repo: Opened, file: string): Promise<string> {
    return this.host.readTextFile(repo.parsed, `${repo.prefix}${file}`, repo.commit);
  }

  private async inspectDefinition(
    repo: Opened,
    type: ProjectType,
    result: SubmissionValidation,
  ): Promise<void> {
    const candidates =
      type === 'unified' ? ['definition/gcl.yaml', 'gcl.yaml'] : ['gcl.yaml', 'definition/gcl.yaml'];
    const path = candidates.find((c) => repo.files.has(c));
    if (!path) {
      result.errors.push(`No policy definition found (expected ${candidates.join(' or ')})`);
      return;
    }
    try {
      const doc: unknown = parse(await this.read(repo, path));
      const root = record(doc);
      const metadata = record(root.metadata);
      const labels = record(metadata.labels);
      if (root.kind !== 'Extension') result.errors.push(`${path}: kind must be Extension`);
      if (typeof metadata.name !== 'string' || metadata.name === '')
        result.errors.push(`${path}: metadata.name is required`);
      if (typeof labels.title !== 'string') result.warnings.push(`${path}: metadata.labels.title is missing`);
      if (typeof labels.category !== 'string')
        result.warnings.push(`${path}: metadata.labels.category is missing`);
      if (root.spec === undefined) result.warnings.push(`${path}: spec is missing`);
      result.definition = {
        path,
        name: str(metadata.name),
        title: str(labels.title),
        category: str(labels.category),
        description: str(labels.description),
      };
    } catch (error) {
      result.errors.push(`${path}: ${problem(error)}`);
    }
  }

  private async inspectImplementation(repo: Opened, result: SubmissionValidation): Promise<void> {
    if (!repo.files.has('src/lib.rs')) result.errors.push('No implementation found (expected src/lib.rs)');
    else result.implementation = { path: 'src/lib.rs' };
    if (!repo.files.has('Cargo.toml')) {
      result.errors.push('No Cargo.toml found: the version cannot be read');
      return;
    }
    try {
      const cargo = await this.read(repo, 'Cargo.toml');
      const pkg = /\[package\]([\s\S]*?)(?:\n\[|$)/.exec(cargo)?.[1] ?? '';
      result.version = /^\s*version\s*=\s*"([^"]+)"/m.exec(pkg)?.[1] ?? null;
      if (!result.version) result.errors.push('Cargo.toml: [package] version is missing');
      else if (!/^\d+\.\d+\.\d+$/.test(result.version))
        result.errors.push(`Cargo.toml: version ${result.version} is not MAJOR.MINOR.PATCH`);
      result.kitVersion =
        /^\s*pdk\s*=\s*"([^"]+)"/m.exec(cargo)?.[1] ??
        /^\s*pdk\s*=\s*\{[^}]*version\s*=\s*"([^"]+)"/m.exec(cargo)?.[1] ??
        null;
      if (!result.kitVersion)
        result.warnings.push('Cargo.toml: no pdk dependency, the kit version is unknown');
    } catch (error) {
      result.errors.push(`Cargo.toml: ${problem(error)}`);
    }
  }
}

/** Keywords in the name, description and definition labels; `api` when nothing else is said. */
export function inferAssetKinds(text: string): AssetKind[] {
  const t = text.toLowerCase();
  const kinds: AssetKind[] = [];
  if (/\b(agent|agents|a2a|agentic)\b/.test(t)) kinds.push('agent');
  if (/\b(llm|llms|prompt|prompts|model tokens?|openai|gpt|ai)\b/.test(t)) kinds.push('llm');
  if (/\b(mcp|model context protocol)\b/.test(t)) kinds.push('mcp');
  if (kinds.length === 0 || /\b(api|apis|rest|http)\b/.test(t)) kinds.unshift('api');
  return [...new Set(kinds)];
}

/** The problem to report about the repository; a source host that could not answer is thrown instead. */
function problem(error: unknown): string {
  if (isTransientSourceHostError(error)) throw sourceHostFailure(policyKind, error);
  return describe(error);
}

function describe(error: unknown): string {
  if (isSourceHostError(error)) {
    switch (error.kind) {
      case 'not_found':
        return 'the repository does not exist';
      case 'private':
        return 'the repository is private or no longer exists';
      case 'invalid_url':
      case 'not_allowed_host':
        return `not a repository URL on the supported source host (${error.message})`;
      case 'ref_not_found':
        return `the branch or tag does not exist (${error.message})`;
      case 'path_not_found':
        return error.message;
      case 'rate_limited':
        return 'the source host is rate limiting requests; try again later';
      case 'unauthorized':
      case 'unreachable':
      case 'timeout':
      case 'too_large':
      case 'upstream_error':
        return `the source host could not be read (${error.message})`;
    }
  }
  return error instanceof Error ? error.message : String(error);
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
