import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { ServiceEnv } from '@pc/platform';
import { DEFAULT_VENDOR_INDEX_DIR } from '@pc/vendor-index';

export class RulesetsEnv extends ServiceEnv {
  /** Folder of the vendor index (the rulesets service reads `rulesets/*.yaml`); reloaded by the admin endpoint. */
  @IsOptional()
  @IsString()
  VENDOR_INDEX_DIR: string = DEFAULT_VENDOR_INDEX_DIR;

  // The source host adapter's variables (see libs/adapters/source-host).
  @IsOptional() @IsString() SOURCE_HOST_WEB_URL?: string;
  @IsOptional() @IsString() SOURCE_HOST_API_URL?: string;
  @IsOptional() @IsString() SOURCE_HOST_TOKEN?: string;
  @IsOptional() @IsString() SOURCE_HOST_TIMEOUT_MS?: string;
  @IsOptional() @IsString() OUTBOUND_ALLOWLIST?: string;

  /** Evaluator worker threads: evaluations that run at once (each holds one thread, the engines loaded). */
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(64)
  EVALUATION_THREADS: number = 2;

  /**
   * The evaluator threads' nice value (Linux: per thread): above the event loop's 0, so that a saturated
   * evaluator yields the cores to the service's reads (0 to run them at the event loop's priority).
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(19)
  EVALUATION_NICE: number = 10;

  /** Evaluations that may wait for a thread; past them an evaluation is refused (503, Retry-After). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(10_000)
  EVALUATION_QUEUE: number = 16;

  /**
   * Time limit of one evaluation, from its start on a thread (past it the thread is stopped and the answer
   * is 504); an evaluation waits for a thread at most as long (then 503 with Retry-After).
   */
  @IsOptional()
  @IsInt()
  @Min(100)
  @Max(600_000)
  EVALUATION_TIMEOUT_MS: number = 60_000;
}
