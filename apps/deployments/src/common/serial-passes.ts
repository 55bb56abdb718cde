/**
 * Runs a pass at a time: a call during a pass waits for it and has one more pass run after it, so work
 * that arrived during a pass is never left for the next timer. A pass that throws ends the run (the
 * callers see the error); `stopped` ends it after the pass under way.
 */
export class SerialPasses {
  private pass?: Promise<void>;
  private again = false;

  constructor(
    private readonly runPass: () => Promise<void>,
    private readonly stopped: () => boolean = () => false,
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
        } while (this.again && !this.stopped());
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
