import {
  Controller,
  Get,
  HttpException,
  Inject,
  Injectable,
  Module,
  Optional,
  SetMetadata,
  type DynamicModule,
  type Type,
} from '@nestjs/common';

/** Route metadata the gateway's auth guard reads; health endpoints are public. */
export const ROUTE_AUTH_MODE = 'pc:auth-mode';

export interface ReadinessCheck {
  readonly name: string;
  /**
   * Throws what is wrong; or returns one verdict per dependency (`ok` or what is wrong), reported
   * under those names instead of `name`, so that /health/ready names the missing one.
   */
  check(): Promise<void | Record<string, string>>;
}

export const READINESS_CHECKS = {
  database: Symbol('READINESS_DATABASE'),
  bus: Symbol('READINESS_BUS'),
} as const;

@Injectable()
export class HealthService {
  constructor(
    @Optional() @Inject(READINESS_CHECKS.database) private readonly database?: ReadinessCheck,
    @Optional() @Inject(READINESS_CHECKS.bus) private readonly bus?: ReadinessCheck,
  ) {}

  async readiness(): Promise<{ ok: boolean; checks: Record<string, string> }> {
    const checks: Record<string, string> = {};
    const all = [this.database, this.bus].filter((c): c is ReadinessCheck => c !== undefined);
    await Promise.all(
      all.map(async (c) => {
        try {
          const verdicts = await withTimeout(c.check(), 3000);
          if (verdicts) Object.assign(checks, verdicts);
          else checks[c.name] = 'ok';
        } catch (error) {
          checks[c.name] = error instanceof Error ? error.message : 'failed';
        }
      }),
    );
    return { ok: Object.values(checks).every((v) => v === 'ok'), checks };
  }
}

@Controller('health')
@SetMetadata(ROUTE_AUTH_MODE, 'public')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  @Get('live')
  live(): { ok: true } {
    return { ok: true };
  }

  @Get('ready')
  async ready(): Promise<{ ok: boolean; checks: Record<string, string> }> {
    const result = await this.health.readiness();
    if (!result.ok)
      throw new HttpException(
        { statusCode: 503, error: 'Service Unavailable', message: 'Not ready', details: result.checks },
        503,
      );
    return result;
  }
}

/** `GET /health/live` and `GET /health/ready` (database and bus). */
@Module({})
export class HealthModule {
  /** `busCheck`: the class that checks the bus for this app (it may inject the global BusClient). */
  static register(options: { controller: boolean; busCheck?: Type<ReadinessCheck> }): DynamicModule {
    const bus = options.busCheck
      ? [options.busCheck, { provide: READINESS_CHECKS.bus, useExisting: options.busCheck }]
      : [];
    return {
      module: HealthModule,
      controllers: options.controller ? [HealthController] : [],
      providers: [HealthService, ...bus],
      exports: [HealthService],
    };
  }
}

/** `promise`, or a rejection with `message` once `ms` have passed first (the timer is cleared either way). */
export async function withTimeout<T>(
  promise: Promise<T>,
  ms: number,
  message = `timed out after ${ms} ms`,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(message)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
