/**
 * The entry point of an evaluator worker thread (piscina). One task parses a specification once (or
 * takes a model the pool cached) and validates it against every profile given; or checks a profile; or
 * only parses a specification (a governed API's document, refused at once when no engine reads it).
 */
import os from 'node:os';
import { EVALUATION_LIMITS, type SeverityCounts } from '@pc/contracts';
import { isMainThread } from 'node:worker_threads';
import { workerData } from 'piscina';
import {
  checkProfile,
  hasStopped,
  parseSpecification,
  takeRuntimeOutput,
  validateModel,
  warmUp,
  type EngineFinding,
  type EngineResult,
} from './amf-engine';
import { SourcePointers } from './source-pointers';
import type { SpectralOutcome, SpectralProblem, SpectralRuleInfo, SpectralRun } from './spectral-engine';

/** What the pool gives each thread at its start. */
export interface EvaluatorThreadData {
  /** The thread's nice value: on Linux a nice value is per thread, so the service's event loop keeps 0. */
  nice: number;
}

lowerPriority((workerData as EvaluatorThreadData | undefined)?.nice ?? 0);

/** Linux only: elsewhere a nice value is the whole process's, the event loop's too. */
function lowerPriority(nice: number): void {
  if (nice <= 0 || isMainThread || process.platform !== 'linux') return;
  try {
    os.setPriority(nice); // this thread only (pid 0: the caller)
  } catch {
    // A platform without per-thread priorities runs the thread at the process's own.
  }
}

export type EvaluatorTask =
  | {
      kind: 'evaluate';
      /** The document's files: parsed into the model, and read for each finding's JSON pointer. */
      files: Record<string, string>;
      main: string;
      /** A model rendered by an earlier task (same document digest): parsing is skipped. */
      model?: string;
      format?: string;
      profiles: string[];
    }
  | { kind: 'check-profile'; profile: string }
  /** Spectral rulesets on one specification (its files, the main one named). */
  | { kind: 'evaluate-spectral'; files: Record<string, string>; main: string; rulesets: SpectralRun[] }
  | { kind: 'check-spectral'; run: SpectralRun }
  /**
   * Parses a specification as its evaluations will, and runs no rule: as Spectral rulesets read it, else,
   * with `amf` (the document within EVALUATION_AMF_MAX_BYTES), as AMF profiles do.
   */
  | { kind: 'parse'; files: Record<string, string>; main: string; amf: boolean }
  | { kind: 'warm-up' };

export type EvaluatorOutcome =
  | { kind: 'parse-failed'; findings: EngineFinding[] }
  | {
      kind: 'evaluated';
      format: string;
      model: string;
      parsed: boolean;
      reports: EngineReport[];
    }
  | { kind: 'profile-checked'; problems: string[]; silentRules: string[] }
  | {
      kind: 'spectral-evaluated';
      outcome:
        Extract<SpectralOutcome, { ok: false }> | { ok: true; format: string; reports: EngineReport[] };
    }
  | { kind: 'spectral-checked'; problems: SpectralProblem[]; rules: SpectralRuleInfo[] }
  | { kind: 'parsed'; format: string }
  | { kind: 'warm' };

/**
 * A thread's answer: `retire` when its validator runtime stopped (it panicked) and it must get no more
 * tasks, with what the runtime wrote as it stopped (`engineOutput`, for the service's log); `not-run` for
 * a task that reached the thread after that (piscina hands a queued task to a thread as soon as its
 * answer arrives, before the pool reads that answer): the task did not start.
 */
export type EvaluatorAnswer =
  (EvaluatorOutcome & { retire?: true; engineOutput?: string }) | { kind: 'not-run'; retire: true };

/**
 * One ruleset's report as it leaves the thread: the counts of every result, and at most
 * `EVALUATION_LIMITS.resultsPerRuleset` results (violations first, then by rule and line: the ones a
 * reader sees first). A document with tens of thousands of findings sends, caches and holds only those.
 */
export type EngineReport =
  | { ok: true; conforms: boolean; counts: SeverityCounts; total: number; results: EngineResult[] }
  | { ok: false; problem: string };

const ORDER = { violation: 0, warning: 1, info: 2 } as const;

export function kept(report: { ok: true; conforms: boolean; results: EngineResult[] }): EngineReport {
  const counts: SeverityCounts = { violation: 0, warning: 0, info: 0 };
  for (const r of report.results) counts[r.severity] += 1;
  const results = report.results
    .sort(
      (a, b) =>
        ORDER[a.severity] - ORDER[b.severity] ||
        a.rule.localeCompare(b.rule) ||
        (a.line ?? 0) - (b.line ?? 0),
    )
    .slice(0, EVALUATION_LIMITS.resultsPerRuleset);
  return { ok: true, conforms: report.conforms, counts, total: report.results.length, results };
}

/** The thread's entry (piscina's task function). */
export default async function run(task: EvaluatorTask): Promise<EvaluatorAnswer> {
  if (hasStopped()) return { kind: 'not-run', retire: true };
  const outcome = await perform(task);
  return hasStopped() ? { ...outcome, retire: true, engineOutput: takeRuntimeOutput() } : outcome;
}

/** One task on this thread's engines: a pure function of the task (called directly by specs and bench). */
export async function perform(task: EvaluatorTask): Promise<EvaluatorOutcome> {
  switch (task.kind) {
    case 'warm-up':
      await warmUp();
      return { kind: 'warm' };
    case 'check-profile':
      return { kind: 'profile-checked', ...(await checkProfile(task.profile)) };
    case 'check-spectral': {
      const { checkSpectral } = await import('./spectral-engine');
      return { kind: 'spectral-checked', ...(await checkSpectral(task.run)) };
    }
    case 'evaluate-spectral': {
      const { evaluateSpectral } = await import('./spectral-engine');
      const outcome = await evaluateSpectral(task.files, task.main, task.rulesets);
      if (!outcome.ok) return { kind: 'spectral-evaluated', outcome };
      return {
        kind: 'spectral-evaluated',
        outcome: { ...outcome, reports: outcome.reports.map((r) => (r.ok ? kept(r) : r)) },
      };
    }
    case 'parse': {
      const { parseSpectral } = await import('./spectral-engine');
      const read = await parseSpectral(task.files, task.main);
      if (read.ok) return { kind: 'parsed', format: read.format };
      if (!task.amf) return { kind: 'parse-failed', findings: read.findings };
      // A document Spectral rulesets do not read may still be one AMF profiles read (RAML 1.0 is theirs
      // alone): their parser decides. A RAML document's findings are its, any other's Spectral's.
      const amf = await parseSpecification(task.files, task.main);
      if (amf.ok) return { kind: 'parsed', format: amf.format };
      const raml = /^#%RAML\b/.test(task.files[task.main] ?? '');
      return { kind: 'parse-failed', findings: raml ? amf.findings : read.findings };
    }
    case 'evaluate': {
      let model = task.model;
      let format = task.format ?? '';
      const parsed = model === undefined;
      if (model === undefined) {
        const outcome = await parseSpecification(task.files, task.main);
        if (!outcome.ok) return { kind: 'parse-failed', findings: outcome.findings };
        model = outcome.model;
        format = outcome.format;
      }
      const pointers = new SourcePointers(task.files);
      const reports = [];
      for (const profile of task.profiles) {
        const report = await validateModel(profile, model);
        reports.push(
          report.ok
            ? kept({
                ...report,
                results: report.results.map((r) => ({
                  ...r,
                  pointer: pointers.pointerAt(r.file, r.line, r.column),
                })),
              })
            : report,
        );
      }
      return { kind: 'evaluated', format, model, parsed, reports };
    }
  }
}
