import { Injectable } from '@nestjs/common';
import type { AssetKind, ProjectType, SubmissionValidation, ValidateSubmissionRequest } from '@pc/contracts';
import { type OpenedRepository, RepositoryReader, type SourceFields } from '@pc/listings';
import { parse } from 'yaml';

/**
 * Reads a policy repository (unified, or split into definition and implementation) through the kernel's
 * repository reader and reports every problem: it never throws for a bad repository, only describes it.
 * When the source host itself cannot answer (down, timing out, rate limiting), nothing can be said about
 * the repository: that is thrown as a 502 UPSTREAM_UNAVAILABLE rather than reported as a problem of it.
 */
/** The fields a problem of the definition's repository, or the implementation's, is reported under. */
const SOURCE: SourceFields = { url: 'sourceHostUrl', ref: 'sourceRef' };
const IMPLEMENTATION: SourceFields = { url: 'implementationSourceHostUrl', ref: 'implementationSourceRef' };

@Injectable()
export class RepositoryInspector {
  constructor(private readonly reader: RepositoryReader) {}

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
    const definitionRepo = await this.open(request.sourceHostUrl, request.sourceRef, SOURCE, result);
    let implementationRepo: OpenedRepository | null = definitionRepo;
    if (projectType === 'split') {
      if (!request.implementationSourceHostUrl) {
        result.errors.push('implementationSourceHostUrl is required for a split project');
        implementationRepo = null;
      } else {
        implementationRepo = await this.open(
          request.implementationSourceHostUrl,
          request.implementationSourceRef,
          IMPLEMENTATION,
          result,
        );
      }
    }
    if (definitionRepo) {
      result.defaultBranch = definitionRepo.info.defaultBranch;
      result.ref = definitionRepo.ref;
      result.commit = definitionRepo.commit;
      result.contentDigest = await this.reader.digest(definitionRepo, result);
      result.hasIssues = definitionRepo.info.hasIssues;
      await this.inspectDefinition(definitionRepo, projectType, result);
    }
    if (implementationRepo) {
      result.implementationDefaultBranch = implementationRepo.info.defaultBranch;
      result.implementationRef = implementationRepo.ref;
      result.implementationCommit = implementationRepo.commit;
      result.implementationContentDigest =
        implementationRepo === definitionRepo ? null : await this.reader.digest(implementationRepo, result);
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
   * else the default branch (a ref named in both that differ is refused: name one).
   */
  private async open(
    url: string,
    namedRef: string | undefined,
    fields: SourceFields,
    result: SubmissionValidation,
  ): Promise<OpenedRepository | null> {
    const parsed = this.reader.parse(url, fields.url, result);
    if (!parsed) return null;
    if (namedRef && parsed.ref && namedRef !== parsed.ref) {
      result.errors.push(
        `${fields.ref}: ${namedRef} differs from the ref in ${fields.url} (${parsed.ref}); name one`,
      );
      return null;
    }
    return this.reader.open(parsed, namedRef, fields, result);
  }

  private async inspectDefinition(
    repo: OpenedRepository,
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
    const text = await this.reader.readText(repo, path, result);
    if (text === null) return;
    try {
      const doc: unknown = parse(text);
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
      result.errors.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async inspectImplementation(repo: OpenedRepository, result: SubmissionValidation): Promise<void> {
    if (!repo.files.has('src/lib.rs')) result.errors.push('No implementation found (expected src/lib.rs)');
    else result.implementation = { path: 'src/lib.rs' };
    if (!repo.files.has('Cargo.toml')) {
      result.errors.push('No Cargo.toml found: the version cannot be read');
      return;
    }
    const cargo = await this.reader.readText(repo, 'Cargo.toml', result);
    if (cargo === null) return;
    const pkg = /\[package\]([\s\S]*?)(?:\n\[|$)/.exec(cargo)?.[1] ?? '';
    result.version = /^\s*version\s*=\s*"([^"]+)"/m.exec(pkg)?.[1] ?? null;
    if (!result.version) result.errors.push('Cargo.toml: [package] version is missing');
    else if (!/^\d+\.\d+\.\d+$/.test(result.version))
      result.errors.push(`Cargo.toml: version ${result.version} is not MAJOR.MINOR.PATCH`);
    result.kitVersion =
      /^\s*pdk\s*=\s*"([^"]+)"/m.exec(cargo)?.[1] ??
      /^\s*pdk\s*=\s*\{[^}]*version\s*=\s*"([^"]+)"/m.exec(cargo)?.[1] ??
      null;
    if (!result.kitVersion) result.warnings.push('Cargo.toml: no pdk dependency, the kit version is unknown');
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

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}
