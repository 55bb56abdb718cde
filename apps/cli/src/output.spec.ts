import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Output } from './output';

const BIN = path.join(__dirname, '..', 'bin', 'policy-catalog.js');

/** Runs the CLI against a port where nothing listens: each command below fails the same way. */
function cli(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, POLICY_CATALOG_TOKEN: 'pcat_unused', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out }));
  });
}

describe('progress and colours by where the output goes', () => {
  let dir: string;
  let evaluate: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'pc-cli-output-'));
    writeFileSync(path.join(dir, 'api.yaml'), 'openapi: 3.0.0\n');
    evaluate = `node ${BIN} evaluate ${path.join(dir, 'api.yaml')} -r 00000000-0000-4000-8000-000000000001 --url http://127.0.0.1:9`;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints a plain progress line and no colour when the output is not a terminal; exit 3 when unreachable', async () => {
    const run = await cli('bash', ['-c', evaluate]);
    expect(run.code).toBe(3);
    expect(run.out).toBe(
      'Evaluating against 1 ruleset(s)...\nerror: POST /api/ruleset-evaluations: the server could not be reached (bad port)\n',
    );
  });

  it('shows a spinner that ends with a mark, in colour, on a terminal (a pseudo-terminal from script)', async () => {
    const run = await cli('script', ['-qec', `stty cols 100; ${evaluate}`, '/dev/null']);
    expect(run.out).toContain('\u001b[?25l'); // the cursor hidden while the spinner turns
    expect(run.out).toContain('✖\u001b[39m Evaluating against 1 ruleset(s)');
    expect(run.out).toContain('\u001b[31merror\u001b[39m: POST /api/ruleset-evaluations');
  });

  it('keeps to plain lines on a terminal that reports no width, and without colour with NO_COLOR', async () => {
    const run = await cli('script', ['-qec', evaluate, '/dev/null'], { NO_COLOR: '1' });
    expect(run.out).toBe(
      'Evaluating against 1 ruleset(s)...\r\nerror: POST /api/ruleset-evaluations: the server could not be reached (bad port)\r\n',
    );
  });
});

describe('a table on a terminal', () => {
  const env = { configDir: '', noColor: true, forceColor: false, dumbTerminal: false };
  const print = (stdout: { isTTY: boolean; columns?: number }): string => {
    let text = '';
    const out = new Output(
      false,
      false,
      env,
      { write: (chunk: string) => ((text += chunk), true), ...stdout },
      { write: () => true },
    );
    out.table(
      [
        [
          '11111111-1111-4111-8111-111111111111',
          'Cross-Origin Resource Sharing (CORS) for every API',
          'Security',
          '12',
        ],
        ['22222222-2222-4222-8222-222222222222', 'Rate Limiting', 'Quality of service', '3'],
      ],
      ['ID', 'NAME', 'CATEGORY', 'LIKES'],
    );
    return text;
  };

  it('cuts the widest column but the first (ids stay whole) with an ellipsis, so that no line wraps', () => {
    const lines = print({ isTTY: true, columns: 80 }).trimEnd().split('\n');
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
    expect(lines[1]).toMatch(/^11111111-1111-4111-8111-111111111111 {2}Cross-Origin .*… +Security +12$/);
    expect(lines[2]).toMatch(/^22222222-2222-4222-8222-222222222222 {2}Rate Limiting +Quality of .*… +3$/);
  });

  it('prints every cell whole when the output is not a terminal (a pipe, a file) or reports no width', () => {
    for (const stdout of [{ isTTY: false, columns: 80 }, { isTTY: true }])
      expect(print(stdout)).toContain('Cross-Origin Resource Sharing (CORS) for every API  Security');
  });
});
