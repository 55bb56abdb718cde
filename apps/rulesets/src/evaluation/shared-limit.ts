/**
 * One time limit for several evaluator tasks run one after another: an evaluation request's engines (AMF,
 * then Spectral), a validation's examples. It counts from the first task's start on a thread (that task
 * waits for a thread at most `ms`, as any task does); every later task's wait and run count in it, so
 * the tasks are over within `ms` of that start, never `ms` each.
 */
export class SharedLimit {
  private startedAt: number | undefined;
  /** Whether it cut a task short (its wait or its run) or left none any time: the tasks after it do not run. */
  reached = false;

  /**
   * `ms`: the limit (EVALUATION_TIMEOUT_MS); `shares`: what shares it, as the refusal names it ("for all
   * its engines together").
   */
  constructor(
    readonly ms: number,
    readonly shares: string,
  ) {}

  /** Whether a task sharing it started (a task run after that is not its first). */
  get started(): boolean {
    return this.startedAt !== undefined;
  }

  /** What is left of it: all of it before the first task starts. */
  left(now = Date.now()): number {
    return this.startedAt === undefined ? this.ms : this.startedAt + this.ms - now;
  }

  /** A task starts on a thread (the first one starts the limit). */
  start(now = Date.now()): void {
    this.startedAt ??= now;
  }
}
