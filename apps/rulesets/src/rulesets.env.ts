import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ListingServiceEnv } from '@pc/listings';

/** The rulesets service's settings: a listing service's (the vendor index's `rulesets/*.yaml`, the source host) and evaluation's. */
export class RulesetsEnv extends ListingServiceEnv {
  /** Evaluator worker threads: evaluations that run at once (each holds one thread, the engines loaded). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(64)
  EVALUATION_THREADS: number = 2;

  /**
   * The evaluator threads' nice value (Linux: per thread): above the event loop's 0, so that a saturated
   * evaluator yields the cores to the service's reads (0 to run them at the event loop's priority). At 10,
   * two busy threads on two cores still tripled the list's p99; at 19 an evaluation lost a third of its
   * speed to the service's own work beside it; 15 kept both (docs/benchmarks.md).
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(19)
  EVALUATION_NICE: number = 15;

  /**
   * Evaluations that may wait for a thread; past them an evaluation is refused (503, Retry-After). The
   * engine checks of a validation, a submission or an administrator's pin wait in it as their user's
   * evaluations do.
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10_000)
  EVALUATION_QUEUE: number = 16;

  /**
   * Time limit of one evaluation, its AMF and Spectral engines together, from its start on a thread: past
   * it the thread is stopped and replaced, and the answer is 422 naming this limit; it waits for a first
   * thread at most as long (then 503, Retry-After). At most 300 s: one wait and one limit stay within the
   * gateway's 11 minutes. A validation's checks share one such limit from its start, at most 90 s; what
   * it leaves no time for is reported, not run.
   */
  @IsOptional()
  @IsInt()
  @Min(100)
  @Max(300_000)
  EVALUATION_TIMEOUT_MS: number = 60_000;

  /**
   * The heap of one evaluator thread, in MiB (V8's old generation): an evaluation that needs more is
   * stopped (its thread ends, a fresh one replaces it) and answered 422 naming this limit, never a 500
   * or a service out of memory. Sized for a 5 MiB specification with Spectral's built-in rulesets.
   */
  @IsOptional()
  @IsInt()
  @Min(256)
  @Max(16_384)
  EVALUATION_MEMORY_MB: number = 2048;

  /**
   * How often the governed APIs registered from the source host have their ref's commit checked (one
   * cheap call per API); an API whose ref points at a new commit is evaluated again. 0: never.
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(86_400_000)
  GOVERNANCE_REF_CHECK_INTERVAL_MS: number = 300_000;

  /**
   * The largest specification (bytes, all its files together) evaluated with an AMF profile; a larger one
   * is refused with 422 naming this limit before any engine runs (Spectral rulesets take up to 5 MiB), and
   * a larger example of an AMF ruleset is reported at validation, not evaluated. The AMF validator's
   * memory is WebAssembly, outside the thread's heap limit, never shrinking while the thread lives: about
   * 1 GiB at the default (docs/benchmarks.md).
   */
  @IsOptional()
  @IsInt()
  @Min(1024)
  @Max(5_242_880)
  EVALUATION_AMF_MAX_BYTES: number = 262_144;
}
