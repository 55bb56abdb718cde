import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { parse } from 'yaml';

/** A fenced block of the README with the given info string (`yaml workflow`, `ts sdk-example`, ...). */
export function fencedBlocks(markdown: string, info: string): Array<{ line: number; text: string }> {
  const found: Array<{ line: number; text: string }> = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const fence = /^(`{3,})(.*)$/.exec(lines[i].trim());
    if (!fence || fence[2].trim() !== info) continue;
    const end = lines.findIndex(
      (l, j) => j > i && l.trim().startsWith(fence[1]) && l.trim().replace(/`/g, '') === '',
    );
    if (end < 0) throw new Error(`README.md:${i + 1}: the ${info} block is never closed`);
    found.push({ line: i + 1, text: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return found;
}

interface WorkflowStep {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
}
interface Workflow {
  jobs: Record<string, { env?: Record<string, string>; steps: WorkflowStep[] }>;
}

export interface StepResult {
  step: string;
  skipped?: 'uses' | 'earlier failure' | 'installed';
  status?: number | null;
  stdout?: string;
  stderr?: string;
}

/**
 * Runs a GitHub Actions workflow's `run` steps as the runner would (bash -eo pipefail, the job's `env`
 * with `${{ vars.X }}`/`${{ secrets.X }}` taken from `context`), in `cwd` (the harness's checkout).
 * `uses` steps are GitHub's own (checkout, setup-node, upload) and are skipped; a step after a failed
 * one runs only with `if: always()`. The first line of `install` replaces the registry packages of
 * an `npm install --global` with the given tarballs, installed into `globalPrefix`; with `installed`,
 * a step that only installs (`npm install --global ...`) is skipped: an earlier run of the workflow
 * installed the same packages into the same `globalPrefix`.
 */
export function runWorkflow(
  yamlText: string,
  options: {
    cwd: string;
    context: Record<string, string>;
    tarballs: Record<string, string>;
    globalPrefix: string;
    env: Record<string, string | undefined>;
    installed?: boolean;
  },
): { ok: boolean; steps: StepResult[] } {
  const workflow = parse(yamlText) as Workflow;
  const expression = (value: string) =>
    value.replace(/\$\{\{\s*(?:vars|secrets)\.(\w+)\s*\}\}/g, (_, name: string) => {
      if (!(name in options.context))
        throw new Error(`the workflow uses ${name}, which the test does not provide`);
      return options.context[name];
    });
  const results: StepResult[] = [];
  let ok = true;
  for (const job of Object.values(workflow.jobs)) {
    const env = Object.fromEntries(Object.entries(job.env ?? {}).map(([k, v]) => [k, expression(String(v))]));
    mkdirSync(path.join(options.globalPrefix, 'bin'), { recursive: true });
    for (const step of job.steps) {
      const name = step.name ?? step.uses ?? step.run ?? '';
      if (step.uses) {
        results.push({ step: name, skipped: 'uses' });
        continue;
      }
      if (!ok && step.if !== 'always()') {
        results.push({ step: name, skipped: 'earlier failure' });
        continue;
      }
      if (options.installed && /^npm install --global [^\n]+$/.test((step.run ?? '').trim())) {
        results.push({ step: name, skipped: 'installed' });
        continue;
      }
      let script = step.run ?? '';
      for (const [spec, tarball] of Object.entries(options.tarballs))
        script = script.split(spec).join(tarball);
      const run = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', script], {
        cwd: options.cwd,
        env: {
          ...options.env,
          ...env,
          PATH: `${path.join(options.globalPrefix, 'bin')}:${options.env.PATH ?? ''}`,
          npm_config_prefix: options.globalPrefix,
          npm_config_prefer_offline: 'true',
          npm_config_audit: 'false',
          npm_config_fund: 'false',
          // No check of npm's own latest version against the registry (a network call per run).
          npm_config_update_notifier: 'false',
        },
        encoding: 'utf8',
        timeout: 120_000,
      });
      results.push({ step: name, status: run.status, stdout: run.stdout, stderr: run.stderr });
      if (run.status !== 0) ok = false;
    }
  }
  return { ok, steps: results };
}

/** Type-checks a TypeScript file as the repository's compiler settings would (the SDK's alias included). */
export function typeProblems(root: string, file: string): string[] {
  const config = ts.readConfigFile(path.join(root, 'tsconfig.base.json'), (f) => ts.sys.readFile(f));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const program = ts.createProgram([file], { ...options, noEmit: true });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}
