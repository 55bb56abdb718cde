import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, Min, validateSync } from 'class-validator';

/**
 * Validates the environment once, at boot, into a typed object. The error names every variable
 * that is wrong, and nothing else in the code base reads `process.env`.
 */
export function loadEnv<T extends object>(
  schema: new () => T,
  source: Record<string, string | undefined> = process.env,
): T {
  const instance = plainToInstance(schema, source, { enableImplicitConversion: true });
  const errors = validateSync(instance, { whitelist: false, skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return instance;
}

/** Variables every app reads. */
export class CommonEnv {
  @IsOptional()
  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL: string = 'info';

  /** With it, the bus is NATS; without it, the in-process bus (embedded mode only). */
  @IsOptional()
  @IsString()
  NATS_URL?: string;

  /** Prefix of every subject, so that several environments (or test runs) can share one NATS. */
  @IsOptional()
  @IsString()
  BUS_SUBJECT_PREFIX: string = '';

  /** How long a request over the bus may take before the caller gives up (504). */
  @IsOptional()
  @IsInt()
  @Min(100)
  @Max(600_000)
  BUS_TIMEOUT_MS: number = 10_000;

  /** How long a stopping service keeps answering requests already under way (NATS). */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(60_000)
  BUS_SHUTDOWN_GRACE_MS: number = 2_000;
}

/** Variables of every service that owns a schema. */
export class ServiceEnv extends CommonEnv {
  @IsOptional()
  @IsString()
  DATABASE_URL: string = 'postgres://postgres@127.0.0.1:5432/policy_catalog';

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(200)
  DB_POOL_SIZE: number = 10;

  /** HTTP port of the health endpoints when the service runs alone. */
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 0;
}
