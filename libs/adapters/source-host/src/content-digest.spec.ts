import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync, chmodSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentDigest } from './content-digest';

describe('the content digest of a repository at a commit', () => {
  it('is what the documented git command computes from a clone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pc-digest-'));
    try {
      const git = (...args: string[]) =>
        execFileSync('git', ['-C', dir, ...args], {
          encoding: 'utf8',
          env: {
            ...process.env,
            GIT_AUTHOR_NAME: 'a',
            GIT_AUTHOR_EMAIL: 'a@b',
            GIT_COMMITTER_NAME: 'a',
            GIT_COMMITTER_EMAIL: 'a@b',
          },
        });
      git('init', '-q');
      mkdirSync(join(dir, 'src', 'a-b'), { recursive: true });
      writeFileSync(join(dir, 'src', 'a-b', 'x.rs'), 'x');
      writeFileSync(join(dir, 'src', 'a.rs'), 'a');
      writeFileSync(join(dir, 'run.sh'), '#!/bin/sh\n');
      chmodSync(join(dir, 'run.sh'), 0o755);
      symlinkSync('run.sh', join(dir, 'link'));
      git('add', '-A');
      git('commit', '-qm', 'c');
      const listing = git('ls-tree', '-r', 'HEAD');
      const entries = listing
        .trim()
        .split('\n')
        .map((line) => {
          const [meta, path] = line.split('\t');
          const [mode, , sha] = meta.split(' ');
          return { mode: mode, sha: sha, path: path };
        });
      const documented = execFileSync(
        'bash',
        [
          '-c',
          `git -C ${dir} ls-tree -r -z HEAD | tr '\\0' '\\n' | grep -E '^100(644|755) blob ' | LC_ALL=C sort -t "$(printf '\\t')" -k2 | sha256sum`,
        ],
        { encoding: 'utf8' },
      ).split(' ')[0];
      expect(contentDigest(entries)).toBe(`sha256:${documented}`);
      // The symlink is not content; the executable bit is.
      expect(contentDigest(entries.filter((e) => e.path !== 'link'))).toBe(contentDigest(entries));
      expect(contentDigest(entries.map((e) => ({ ...e, mode: '100644' })))).not.toBe(contentDigest(entries));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
