import { MemorySourceHost } from '@pc/source-host/testing';
import type { SpecificationUploads } from './specification-uploads';
import { SpecificationReader } from './specification.reader';

const API = 'openapi: 3.0.0\ninfo: { title: Payments, version: "1" }\npaths:\n  $ref: paths.yaml\n';

describe('a specification read from a repository', () => {
  let host: MemorySourceHost;
  let reader: SpecificationReader;

  beforeEach(() => {
    host = new MemorySourceHost();
    reader = new SpecificationReader(host, {} as SpecificationUploads);
  });

  /** A push to the branch lands after its files were listed, before they are read. */
  const pushAfterListing = (url: string, files: Record<string, string>) => {
    const readTree = host.readTree.bind(host);
    host.readTree = async (...args) => {
      const tree = await readTree(...args);
      host.push(url, files);
      return tree;
    };
  };

  it.each([
    ['its default branch', undefined],
    ['a branch named', 'main'],
  ])('is the files of one commit of %s, when a push lands while they are read', async (_what, ref) => {
    const url = host.add({ 'api.yaml': API, 'paths.yaml': '/payments: {}\n' });
    pushAfterListing(url, { 'api.yaml': API, 'paths.yaml': '/refunds: {}\n', 'extra.yaml': 'x: 1\n' });
    const spec = await reader.read({ repoUrl: url, ref, path: 'api.yaml' }, 'user-1');
    expect(spec.files).toEqual({ 'api.yaml': API, 'paths.yaml': '/payments: {}\n' });
  });
});
