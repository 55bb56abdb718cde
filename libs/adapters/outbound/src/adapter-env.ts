import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';

/**
 * Validates adapter variables into a typed object, like `loadEnv` of `@pc/platform` (same semantics:
 * plainToInstance with implicit conversion, then validateSync; the error names every wrong variable).
 * Kept here so the adapter libraries stay plain TypeScript without the platform library's Nest,
 * database and messaging dependencies.
 */
export function loadAdapterEnv<T extends object>(
  schema: new () => T,
  source: Record<string, string | undefined> = process.env,
): T {
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
