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
}
