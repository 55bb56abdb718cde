import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { EVALUATION_LIMITS, EVALUATION_FILENAME_PATTERN, type SpecificationInput } from '@pc/contracts';
import { badRequest, DomainError, unprocessable } from '@pc/platform';
import { isSourceHostError, type ParsedRepositoryUrl, type SourceHost } from '@pc/source-host';
import { isTransient, SOURCE_HOST, upstreamUnavailable } from '../source';
import { SpecificationUploads } from './specification-uploads';
import { nodesAddedByAliases } from './yaml-expansion';

/** Files a specification may be made of (the main file and the files it references). */
const SPEC_FILE = /\.(ya?ml|json|raml)$/i;

export interface Specification {
  files: Record<string, string>;
  main: string;
  /** sha256 over the sorted file names and contents. */
  digest: string;
}

/**
 * The specification to evaluate: the text of the request, or the files of a repository on the source
 * host (through its adapter and the outbound guard), so that relative references between files resolve.
 * Over EVALUATION_LIMITS.specificationBytes (or files) is 413, before anything is parsed; YAML aliases
 * that add more than EVALUATION_LIMITS.aliasedNodes nodes are 422, before any engine runs.
 */
@Injectable()
export class SpecificationReader {
  constructor(
    @Inject(SOURCE_HOST) private readonly host: SourceHost,
    private readonly uploads: SpecificationUploads,
  ) {}

  /** `ownerId`: the caller, whose upload (a specification sent ahead in parts) an inline one may be. */
  async read(input: SpecificationInput, ownerId: string): Promise<Specification> {
    if (input.upload !== undefined) return this.read(await this.uploadTaken(input, ownerId), ownerId);
    if (typeof input.content === 'string') {
      if (input.repoUrl !== undefined)
        throw badRequest('Give the specification as content or as repoUrl and path, not both');
      const filename = input.filename ?? 'api.yaml';
      if (!EVALUATION_FILENAME_PATTERN.test(filename))
        throw badRequest('filename: letters, digits, ".", "_" and "-" only');
      const bytes = Buffer.byteLength(input.content, 'utf8');
      if (bytes > EVALUATION_LIMITS.specificationBytes) throw tooLarge(bytes);
      return boundedAliases(withDigest({ [filename]: input.content }, filename));
    }
    if (typeof input.repoUrl === 'string' && typeof input.path === 'string')
      return this.fromRepository(input);
    throw badRequest('specification: give content, or repoUrl and path');
  }

  /**
   * The input with the text of its upload (of `ownerId`) as its content, the upload's parts deleted; an input
   * without one as it is. Taken before anything may refuse the request, none of its parts is left behind.
   */
  async uploadTaken(input: SpecificationInput, ownerId: string): Promise<SpecificationInput> {
    if (input.upload === undefined) return input;
    if (input.content !== undefined) throw badRequest('Give the specification as content or as an upload');
    return { ...input, upload: undefined, content: await this.uploads.take(ownerId, input.upload) };
  }

  private async fromRepository(input: SpecificationInput): Promise<Specification> {
    let repo: ParsedRepositoryUrl;
    try {
      repo = this.host.parseRepositoryUrl(input.repoUrl!);
    } catch (error) {
      throw unprocessable(`repoUrl: not a repository URL on the supported source host (${messageOf(error)})`);
    }
    const main = posix.normalize(input.path!.replace(/^\.?\/+/, ''));
    if (main.startsWith('..') || !SPEC_FILE.test(main)) {
      throw unprocessable(
        'path: the main file of the specification (.yaml, .yml, .json or .raml) inside the repository',
      );
    }
    const prefix = repo.path ? `${repo.path}/` : '';
    try {
      const ref = input.ref?.trim() || repo.ref || (await this.host.getRepository(repo)).defaultBranch;
      // Listed and read at one commit: a push in between cannot mix two commits' files.
      const commit = await this.host.resolveRef(repo, ref);
      const tree = (await this.host.readTree(repo, commit, repo.path)).filter(
        (e) => e.type === 'file' && SPEC_FILE.test(e.path),
      );
      const names = tree.map((e) => e.path.slice(prefix.length));
      if (!names.includes(main)) throw unprocessable(`path: ${prefix}${main} does not exist at ${ref}`);
      if (tree.length > EVALUATION_LIMITS.specificationFiles) {
        throw new DomainError(
          'PAYLOAD_TOO_LARGE',
          `The folder holds ${tree.length} specification files; at most ${EVALUATION_LIMITS.specificationFiles} (point the URL at the specification's folder)`,
        );
      }
      const total = tree.reduce((sum, e) => sum + (e.size ?? 0), 0);
      if (total > EVALUATION_LIMITS.specificationBytes) throw tooLarge(total);
      const files: Record<string, string> = {};
      let read = 0;
      for (const entry of tree) {
        const bytes = await this.host.readFile(repo, entry.path, commit);
        read += bytes.length;
        if (read > EVALUATION_LIMITS.specificationBytes) throw tooLarge(read);
        files[entry.path.slice(prefix.length)] = bytes.toString('utf8');
      }
      return boundedAliases(withDigest(files, main));
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (isTransient(error)) throw upstreamUnavailable(error);
      if (isSourceHostError(error))
        throw unprocessable(`repoUrl: the repository cannot be read (${error.kind}: ${error.message})`);
      throw error;
    }
  }
}

function withDigest(files: Record<string, string>, main: string): Specification {
  const hash = createHash('sha256');
  for (const name of Object.keys(files).sort()) hash.update(`${name}\0${files[name]}\0`);
  hash.update(`main\0${main}`);
  return { files, main, digest: hash.digest('hex') };
}

/** The specification, when its YAML aliases stay within EVALUATION_LIMITS.aliasedNodes; else 422. */
function boundedAliases(spec: Specification): Specification {
  const limit = EVALUATION_LIMITS.aliasedNodes;
  let added = 0;
  for (const name of Object.keys(spec.files).sort()) {
    added += nodesAddedByAliases(spec.files[name], limit - added);
    if (added > limit) throw aliasesOverLimit(name);
  }
  return spec;
}

export function aliasesOverLimit(file: string): DomainError {
  const message = aliasLimitMessage();
  return new DomainError(
    'RULESETS.SPECIFICATION_INVALID',
    `The specification cannot be evaluated: ${message} (${file})`,
    undefined,
    undefined,
    { findings: [{ severity: 'violation', message, file, line: null, column: null }] },
  );
}

/** Why a text whose aliases stand for too many nodes is refused, naming the limit. */
/** A specification's size as EVALUATION_AMF_MAX_BYTES counts it: its files' bytes together (UTF-8). */
export function specificationBytes(files: Record<string, string>): number {
  return Object.values(files).reduce((total, text) => total + Buffer.byteLength(text, 'utf8'), 0);
}

export function aliasLimitMessage(): string {
  return `its YAML aliases stand for more than ${EVALUATION_LIMITS.aliasedNodes} nodes beyond the text's own (anchors reused inside each other multiply), the most an evaluation reads; write the repeated parts out or share them with $ref`;
}

function tooLarge(bytes: number): DomainError {
  return new DomainError(
    'PAYLOAD_TOO_LARGE',
    `The specification is ${bytes} bytes; at most ${EVALUATION_LIMITS.specificationBytes} (5 MiB)`,
  );
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
