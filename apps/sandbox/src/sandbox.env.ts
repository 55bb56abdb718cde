import { IsInt, IsOptional, IsString, Max, Min } from 'class-validator';

export class SandboxEnv {
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  SANDBOX_PORT: number = 3001;

  /** Loopback by default: the sandbox is for development and tests only. */
  @IsOptional()
  @IsString()
  SANDBOX_HOST: string = '127.0.0.1';

  /**
   * A fixed delay (ms) before every platform answer, to simulate a remote platform (benchmarks of the
   * deployment workers). 0: none.
   */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(60_000)
  SANDBOX_PLATFORM_LATENCY_MS: number = 0;
}
