import { createSpinner } from 'nanospinner';
import { createColors } from 'picocolors';
import type { Colors } from 'picocolors/types';
import type { CliEnv } from './cli.env';

/** An outcome the command reports with an exit code of its own (see the README's exit codes). */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Exit codes: what a pipeline can tell apart. */
export const EXIT = {
  ok: 0,
  /** The outcome failed: violations, a failed validation, a failed deployment. */
  failed: 1,
  /** Bad arguments, or a question that could not be asked (no TTY) and no --yes. */
  usage: 2,
  /** The API refused the request or could not be reached. */
  api: 3,
} as const;

/** The narrowest a table's column is cut to on a narrow terminal. */
const TABLE_MIN_CUT = 10;

interface Stream {
  write(chunk: string): boolean;
  isTTY?: boolean;
  columns?: number;
}

/**
 * Where a command writes: results to stdout (one JSON document, or JSON lines for streams, with
 * --json), progress and problems to stderr. Colours only on a TTY and without NO_COLOR (FORCE_COLOR
 * forces them); spinners only on a TTY, plain lines otherwise, nothing with --json.
 */
export class Output {
  readonly c: Colors;
  readonly interactive: boolean;

  constructor(
    readonly json: boolean,
    colorFlag: boolean,
    env: CliEnv,
    private readonly stdout: Stream = process.stdout,
    private readonly stderr: Stream = process.stderr,
  ) {
    const tty = Boolean(stdout.isTTY) && !env.dumbTerminal;
    this.c = createColors(colorFlag && !env.noColor && (env.forceColor || tty));
    // A terminal that reports no width (a pseudo-terminal without a size) gets plain lines: a spinner
    // redraws by the width.
    this.interactive = Boolean(stderr.isTTY) && (stderr.columns ?? 0) > 0 && !env.dumbTerminal && !json;
  }

  /** A line of the result (human output). */
  line(text = ''): void {
    this.stdout.write(`${text}\n`);
  }

  /** The result as JSON (one document). */
  data(value: unknown): void {
    this.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
  }

  /** One JSON line of a stream of results (--json on deploy and logs). */
  event(value: unknown): void {
    this.stdout.write(`${JSON.stringify(value)}\n`);
  }

  /** A note about progress (stderr; not with --json). */
  note(text: string): void {
    if (!this.json) this.stderr.write(`${text}\n`);
  }

  error(text: string): void {
    this.stderr.write(`${this.c.red('error')}: ${text}\n`);
  }

  /** Runs a step that takes time: a spinner on a TTY, a plain line otherwise, silent with --json. */
  async task<T>(label: string, run: () => Promise<T>): Promise<T> {
    if (!this.interactive) {
      this.note(`${label}...`);
      return run();
    }
    const spinner = createSpinner(label, { stream: this.stderr as NodeJS.WriteStream }).start();
    try {
      const result = await run();
      spinner.success({ text: label });
      return result;
    } catch (error) {
      spinner.error({ text: label });
      throw error;
    }
  }

  /**
   * Aligned columns for a list (human output). On a terminal that reports its width, the widest column
   * but the first (the ids a user copies) is cut with an ellipsis, down to TABLE_MIN_CUT characters,
   * until a line fits: a wrapped table cannot be read. A pipe or a file gets every cell whole.
   */
  table(rows: string[][], header: string[]): void {
    const all = [header, ...rows];
    const widths = header.map((_, i) => Math.max(...all.map((r) => (r[i] ?? '').length)));
    const room = this.stdout.isTTY && this.stdout.columns ? this.stdout.columns : Infinity;
    const lineWidth = () => widths.reduce((sum, w) => sum + w, 0) + 2 * (widths.length - 1);
    while (lineWidth() > room) {
      const widest = widths.reduce((at, w, i) => (i > 0 && (at === 0 || w > widths[at]) ? i : at), 0);
      if (widest === 0 || widths[widest] <= TABLE_MIN_CUT) break;
      widths[widest]--;
    }
    const fit = (cell: string, i: number) =>
      cell.length > widths[i] ? `${cell.slice(0, widths[i] - 1)}…` : cell;
    const format = (r: string[]) =>
      r
        .map((cell = '', i) => (i === r.length - 1 ? fit(cell, i) : fit(cell, i).padEnd(widths[i])))
        .join('  ')
        .trimEnd();
    this.line(this.c.bold(format(header)));
    for (const r of rows) this.line(format(r));
  }
}
