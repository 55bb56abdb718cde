import { SourceHostError } from './source-host.errors';
import type { ParsedRepositoryUrl } from './source-host.types';

const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,99})$/;
const NAME = /^[A-Za-z0-9_.-]{1,100}$/;

/**
 * Parses `<web>/<owner>/<repo>`, `<web>/<owner>/<repo>.git` and `<web>/<owner>/<repo>/tree/<ref>/<path>`
 * (ref is the first segment after `tree`; refs containing `/` cannot be told apart from the path, as on the
 * hosting web UI). Only URLs on the configured web base (same host and port, under its path) are accepted.
 */
export function parseRepositoryUrl(input: string, webBaseUrl: string): ParsedRepositoryUrl {
  const base = new URL(webBaseUrl);
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new SourceHostError('invalid_url', 'Not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SourceHostError('invalid_url', 'Repository URLs must use http or https');
  }
  if (url.username !== '' || url.password !== '') {
    throw new SourceHostError('invalid_url', 'Repository URLs must not contain credentials');
  }
  const basePath = base.pathname.replace(/\/+$/, '');
  if (url.host.toLowerCase() !== base.host.toLowerCase() || !url.pathname.startsWith(`${basePath}/`)) {
    throw new SourceHostError(
      'not_allowed_host',
      `Only repositories on ${base.host}${basePath} are accepted`,
    );
  }
  let segments: string[];
  try {
    segments = url.pathname
      .slice(basePath.length + 1)
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    throw new SourceHostError('invalid_url', 'The URL path is not valid');
  }
  const [owner, rawName, marker, ref, ...rest] = segments;
  if (owner === undefined || rawName === undefined) {
    throw new SourceHostError('invalid_url', 'Expected a repository URL like <host>/<owner>/<repository>');
  }
  const name = rawName.endsWith('.git') ? rawName.slice(0, -4) : rawName;
  if (!OWNER.test(owner) || !NAME.test(name) || name === '.' || name === '..') {
    throw new SourceHostError('invalid_url', 'The owner or repository name is not valid');
  }
  const root = `${base.origin}${basePath}`;
  const parsed: ParsedRepositoryUrl = {
    owner,
    name,
    webUrl: `${root}/${owner}/${name}`,
    cloneUrl: `${root}/${owner}/${name}.git`,
  };
  if (marker === undefined) return parsed;
  if (marker !== 'tree' || ref === undefined || rawName.endsWith('.git')) {
    throw new SourceHostError('invalid_url', 'Expected <host>/<owner>/<repository>/tree/<ref>/<path>');
  }
  if (rest.some((s) => s === '..' || s === '.') || ref === '..' || ref === '.') {
    throw new SourceHostError('invalid_url', 'The path must not contain . or .. segments');
  }
  parsed.ref = ref;
  if (rest.length > 0) parsed.path = rest.join('/');
  return parsed;
}

/** Validates a path inside a repository and returns it without leading or trailing slashes. */
export function normaliseRepoPath(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, '');
  const segments = trimmed.split('/');
  if (segments.some((s) => s === '..' || s === '.' || (s === '' && trimmed !== ''))) {
    throw new SourceHostError('invalid_url', `Not a valid repository path: ${path}`);
  }
  return trimmed;
}

export function encodeRepoPath(path: string): string {
  return path
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
}
