import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isolatedGitEnv } from './git-env';

describe('isolatedGitEnv', () => {
  it("keeps the machine's user configuration out of git: only the keys it is given are read", () => {
    // A user whose git configuration rewrites URLs and names a credential helper, in both places git looks.
    const home = mkdtempSync(join(tmpdir(), 'git-env-'));
    const outsider =
      '[url "https://mirror.invalid/"]\n\tinsteadOf = https://\n[credential]\n\thelper = store\n';
    writeFileSync(join(home, '.gitconfig'), outsider);
    mkdirSync(join(home, 'xdg', 'git'), { recursive: true });
    writeFileSync(join(home, 'xdg', 'git', 'config'), outsider);
    const machine = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: home,
      XDG_CONFIG_HOME: join(home, 'xdg'),
    };
    const list = (env: Record<string, string>): string =>
      execFileSync('git', ['config', '--list'], { env, cwd: home, encoding: 'utf8' });

    expect(list(machine)).toContain('credential.helper=store');
    expect(list({ ...machine, ...isolatedGitEnv([['http.followRedirects', 'false']]) }).trim()).toBe(
      'http.followredirects=false',
    );
  });
});
