import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CliEnv } from './cli.env';
import { run } from './program';
import { VERSION } from './version';

describe('the command line', () => {
  let env: CliEnv;
  let out: string;
  let err: string;
  beforeEach(() => {
    env = {
      url: 'http://127.0.0.1:9',
      token: 'pcat_unused',
      configDir: mkdtempSync(path.join(os.tmpdir(), 'pc-cli-program-')),
      noColor: true,
      forceColor: false,
      dumbTerminal: true,
    };
    out = '';
    err = '';
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((out += String(chunk)), true));
    jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((err += String(chunk)), true));
  });
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(env.configDir, { recursive: true, force: true });
  });

  it('prints its version with --version alone', async () => {
    expect(await run(['node', 'policy-catalog', '--version'], env)).toBe(0);
    expect(out).toBe(`${VERSION}\n`);
  });

  it('gives --version to the command named: deploy --version 1.2.0 deploys, it does not print the CLI’s version and exit 0', async () => {
    const deploy = [
      'deploy',
      '00000000-0000-4000-8000-000000000000',
      '--target',
      'org',
      '--version',
      '1.2.0',
    ];
    expect(await run(['node', 'policy-catalog', '--url', env.url!, ...deploy], env)).toBe(3);
    expect(out).not.toContain(VERSION);
    expect(err).toContain('could not be reached');
  });
});
