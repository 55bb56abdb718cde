/** How a run of passes ends early: `stopped` after the pass under way; `failed` takes a pass's error. */
export interface SerialPassOptions {
  stopped?: () => boolean;
  /** Given the error of a pass, which ends the run (its callers see success); unset: they see the error. */
  failed?: (error: unknown) => void;
}

/**
 * Runs a pass at a time: a call during a pass waits for it and has one more pass run after it, so work
 * that arrived during a pass is never left for the next timer. A pass that throws ends the run.
 */
export class SerialPasses {
  private pass?: Promise<void>;
  private again = false;

  constructor(
    private readonly runPass: () => Promise<void>,
    private readonly options: SerialPassOptions = {},
  ) {}

  run(): Promise<void> {
    if (this.pass) {
      this.again = true;
      return this.pass;
    }
    this.pass = (async () => {
      try {
        do {
          this.again = false;
          await this.runPass();
        } while (this.again && !this.options.stopped?.());
      } catch (error) {
        if (!this.options.failed) throw error;
        this.options.failed(error);
      } finally {
        this.pass = undefined;
      }
    })();
    return this.pass;
  }

  /** Resolves once the pass under way (if any) has ended, whatever its outcome. */
  async settled(): Promise<void> {
    await this.pass?.catch(() => undefined);
  }
}
