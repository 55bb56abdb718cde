import type { DomainError } from '@pc/platform';
import { SourceHostError, type SourceHostErrorKind } from '@pc/source-host';
import { MemorySourceHost } from '@pc/source-host/testing';
import { type RepositoryReport, RepositoryReader, type SourceFields } from './repository-reader';

/** Each kind's inspection reads its repository through the kernel's reader, under its own field names. */
describe.each([
  { kind: 'policy', fields: { url: 'sourceHostUrl', ref: 'sourceRef' } },
  { kind: 'ruleset', fields: { url: 'repoUrl', ref: 'ref' } },
] as const)("a $kind's repository, as the kernel reads it", ({ fields }: { fields: SourceFields }) => {
  let host: MemorySourceHost;
  let reader: RepositoryReader;
  let report: RepositoryReport;

  beforeEach(() => {
    host = new MemorySourceHost();
    reader = new RepositoryReader(host);
    report = { errors: [], warnings: [] };
  });

  const open = async (url: string, ref?: string, through: RepositoryReader = reader) => {
    const parsed = through.parse(url, fields.url, report);
    return parsed ? through.open(parsed, ref, fields, report) : null;
  };

  /** The reader over the host, with some of its calls answered otherwise. */
  const readerWith = (calls: Partial<MemorySourceHost>) =>
    new RepositoryReader(Object.assign(Object.create(host) as MemorySourceHost, calls));
  const refusal = (kind: SourceHostErrorKind) => () =>
    Promise.reject(new SourceHostError(kind, `${kind} here`));

  it('opens the ref named, else the default branch, at one commit, with the files of the root', async () => {
    const url = host.add({ 'a.yaml': 'a', 'docs/b.md': 'b' }, { next: { 'c.yaml': 'c' } });
    const main = await open(url);
    expect(main).toMatchObject({ ref: 'main', commit: host.commitOf(url), prefix: '' });
    expect([...main!.files].sort()).toEqual(['a.yaml', 'docs/b.md']);
    expect(await open(url, 'next')).toMatchObject({ ref: 'next', files: new Set(['c.yaml']) });
    expect(report.errors).toEqual([]);
  });

  it("reports, under the request's fields, a URL off the host, a repository gone or private, a ref or folder missing", async () => {
    const gone = host.add({});
    host.remove(gone);
    const hidden = host.add({});
    host.hide(hidden);
    const url = host.add({ 'a.yaml': 'a' });
    for (const attempt of [
      open(
        url,
        undefined,
        readerWith({
          parseRepositoryUrl: () => {
            throw new SourceHostError('not_allowed_host', 'not_allowed_host here');
          },
        }),
      ),
      open(gone),
      open(hidden),
      open(url, 'nope', readerWith({ resolveRef: refusal('ref_not_found') })),
      open(
        url,
        undefined,
        readerWith({
          parseRepositoryUrl: (at) => ({ ...host.parseRepositoryUrl(at), path: 'nowhere' }),
          readTree: refusal('path_not_found'),
        }),
      ),
    ])
      expect(await attempt).toBeNull();
    expect(report.errors).toEqual([
      `${fields.url}: not a repository URL on the supported source host (not_allowed_host here)`,
      `${fields.url}: the repository does not exist`,
      `${fields.url}: the repository is private or no longer exists`,
      `${fields.ref}: the branch, tag or commit "nope" does not exist in the repository`,
      `${fields.url}: the folder "nowhere" does not exist at main`,
    ]);
  });

  it('reads a file as text, refuses one larger than 1 MiB, and reports a missing one unless only tried', async () => {
    const url = host.add({ 'a.yaml': 'a: 1', 'big.yaml': 'x'.repeat(1024 * 1024 + 1) });
    const repo = (await open(url))!;
    expect(await reader.readText(repo, 'a.yaml', report)).toBe('a: 1');
    expect(await reader.readText(repo, 'big.yaml', report)).toBeNull();
    expect(await reader.readText(repo, 'missing.yaml', report, true)).toBeNull();
    expect(report.errors).toEqual(['big.yaml: larger than 1 MiB']);
    expect(await reader.digest(repo, report)).toEqual(expect.any(String));
  });

  it('throws 502 UPSTREAM_UNAVAILABLE when the host cannot answer: nothing is said of the repository', async () => {
    const url = host.add({ 'a.yaml': 'a' });
    const parsed = reader.parse(url, fields.url, report)!;
    host.fail = { kind: 'rate_limited', retryAfterSeconds: 30 };
    const failure = (await reader
      .open(parsed, undefined, fields, report)
      .catch((e: unknown) => e)) as DomainError;
    expect([failure.code, failure.retryAfter]).toEqual(['UPSTREAM_UNAVAILABLE', 30]);
    expect(report.errors).toEqual([]);
  });
});
