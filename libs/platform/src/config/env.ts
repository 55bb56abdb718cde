import 'reflect-metadata';
import { plainToInstance, Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, IsUrl, Max, Min, validateSync } from 'class-validator';

/** A set of variables: the process environment, or an explicit one (tests, the composition root). */
export type EnvSource = Record<string, string | undefined>;

/**
 * The configuration module: the one place that reads `process.env` (an ESLint rule forbids it
 * elsewhere). Each app validates its environment once, at boot, into a typed object with `loadEnv`
 * (in `<app>.env.ts`); the error names every variable that is wrong. An empty value counts as unset.
 */
export function loadEnv<T extends object>(schema: new () => T, source: EnvSource = process.env): T {
  const defined = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const instance = plainToInstance(schema, defined, { enableImplicitConversion: true });
  const errors = validateSync(instance, { whitelist: false, skipMissingProperties: false });
  if (errors.length > 0) {
    const lines = errors.map((e) => `  ${e.property}: ${Object.values(e.constraints ?? {}).join('; ')}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return instance;
}

/**
 * A boolean variable, parsed strictly: `true`/`1` and `false`/`0`; anything else (`yes`, `off`, `False`)
 * is refused at start, naming the variable, rather than read as true.
 */
export function EnvBoolean(): PropertyDecorator {
  const parse = Transform(({ key, obj }: { key: string; obj: EnvSource }) => {
    const raw = obj[key];
    if (raw === undefined) return undefined;
    if (raw === 'true' || raw === '1' || (raw as unknown) === true) return true;
    if (raw === 'false' || raw === '0' || (raw as unknown) === false) return false;
    return raw;
  });
  const check = IsBoolean({ message: ({ property }) => `${property} must be true, false, 1 or 0` });
  return (target, property) => {
    parse(target, property);
    check(target, property);
  };
}

/**
 * An optional whole-number variable from `min` to `max` (both included); unset or empty, the property's
 * default. The rules are those of `@IsOptional() @IsInt() @Min(min) @Max(max)`, in that order.
 */
export function EnvInt(min: number, max: number): PropertyDecorator {
  return optional(Max(max), Min(min), IsInt());
}

/** An optional string variable; unset or empty, the property's default (`@IsOptional() @IsString()`). */
export function EnvString(): PropertyDecorator {
  return optional(IsString());
}

/**
 * An optional absolute `http`/`https` URL (a host without a dot allowed: `http://sandbox:4010`); unset or
 * empty, the property's default (`@IsOptional() @IsUrl(...)`).
 */
export function EnvUrl(): PropertyDecorator {
  return optional(IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] }));
}

/** `@IsOptional()` over `rules`, given bottom up as stacked decorators apply (the error messages' order). */
function optional(...rules: PropertyDecorator[]): PropertyDecorator {
  return (target, property) => {
    for (const rule of [...rules, IsOptional()]) rule(target, property);
  };
}

/** The environment as the composition root hands it to the apps it starts (`npm start`). */
export function processEnv(): EnvSource {
  return { ...process.env };
}

/** The search path child processes (git) are started with, nothing else of the environment. */
export function executablePath(): string {
  return process.env.PATH ?? '/usr/bin:/bin';
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export class LoggingEnv {
  /** Pino level (JSON lines, request id on each) */
  @IsOptional()
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: string = 'info';
}

/**
 * The level the root logger starts with, before an app has loaded its schema (module-level loggers
 * are created at import). Apps then set the level from their validated `LOG_LEVEL` (the same value).
 */
export function initialLogLevel(): string {
  try {
    return loadEnv(LoggingEnv).LOG_LEVEL;
  } catch {
    return 'info'; // the app's own loadEnv refuses the bad value at start, naming it
  }
}

/** Variables every app reads. */
export class CommonEnv extends LoggingEnv {
  /** With it, the bus is NATS; without it, the in-process bus (embedded mode only). */
  @EnvString()
  NATS_URL?: string;

  /** Prefix of every subject, so that several environments (or test runs) can share one NATS. */
  @EnvString()
  BUS_SUBJECT_PREFIX: string = '';

  /** How long a request over the bus may take before the caller gives up (504). */
  @EnvInt(100, 600_000)
  BUS_TIMEOUT_MS: number = 10_000;
}

/** `BUS_SHUTDOWN_GRACE_MS`'s default: `BUS_TIMEOUT_MS`'s, after which no caller waits at the defaults. */
export const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/** `MIGRATIONS_LOCK_WAIT_MS`'s default: under the 2-minute startupProbe of the Kubernetes manifests. */
export const DEFAULT_MIGRATIONS_LOCK_WAIT_MS = 90_000;

/** Variables of every service that owns a schema. */
export class ServiceEnv extends CommonEnv {
  @EnvString()
  DATABASE_URL: string = 'postgres://postgres@127.0.0.1:5432/policy_catalog';

  /** Connections per service (a request waits at most 10 s for one, then 503) */
  @EnvInt(1, 200)
  DB_POOL_SIZE: number = 10;

  /** HTTP port of the health endpoints when the service runs alone. */
  @EnvInt(0, 65535)
  PORT: number = 0;

  /**
   * On SIGTERM a service stops taking requests (NATS gives them to the other replicas), waits at most this
   * long for those under way, answers any still running 503 rather than leave its caller to a 504 at the
   * time-out, then closes its pool; an idle one stops at once. Keep it under the orchestrator's stop grace.
   */
  @EnvInt(0, 60_000)
  BUS_SHUTDOWN_GRACE_MS: number = DEFAULT_SHUTDOWN_GRACE_MS;

  /**
   * How long a starting service with migrations pending waits for the database's migrations lock while
   * another process holds it (another service or replica migrating, a migration Job), from 0 (try once) to
   * 3600000 (an hour); past it the service stops with an error naming the holder, and its orchestrator
   * starts it again. Keep it under the time the orchestrator gives a start (the manifests' startupProbe:
   * 2 minutes). `tools/migrate.ts` (the migration Job) waits as long; the deployment workers never migrate.
   */
  @EnvInt(0, 3_600_000)
  MIGRATIONS_LOCK_WAIT_MS: number = DEFAULT_MIGRATIONS_LOCK_WAIT_MS;
}
