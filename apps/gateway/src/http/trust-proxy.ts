import { isIP } from 'node:net';
import { registerDecorator, type ValidationOptions } from 'class-validator';

/** What Fastify's `trustProxy` takes: nothing, a hop count, or the proxies' addresses and ranges. */
export type TrustProxy = false | number | string[];

const HOPS = /^\d{1,2}$/;

/**
 * `TRUST_PROXY`: `false` (or `0`, the default) trusts no X-Forwarded-For; `N` trusts the N proxies
 * nearest the gateway (the client is the N-th address from the right); a comma-separated list of
 * addresses or CIDR ranges trusts exactly those proxies. `true` is refused: it would take the
 * left-most X-Forwarded-For entry, which any client writes, as the client address.
 */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim().toLowerCase();
  if (text === 'false' || text === '0' || text === '') return false;
  if (HOPS.test(text)) return Number(text);
  const entries = text.split(',').map((e) => e.trim());
  return entries.every(isAddressOrRange) ? entries : undefined;
}

function isAddressOrRange(entry: string): boolean {
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d{1,3}$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

export function IsTrustProxy(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isTrustProxy',
      target: target.constructor,
      propertyName: propertyName as string,
      options: {
        message:
          'must be false, a number of proxy hops (e.g. 1), or a comma-separated list of proxy addresses ' +
          'or CIDR ranges; true is refused (it would trust any client-written X-Forwarded-For)',
        ...options,
      },
      validator: {
        validate: (value: unknown) => typeof value === 'string' && parseTrustProxy(value) !== undefined,
      },
    });
}
