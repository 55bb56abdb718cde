import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { withTimeout } from '@pc/platform';
import { blockedAddressReason } from './address-policy';
import { OutboundError } from './outbound.errors';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address it has (dns.lookup with `all`). Replaceable in tests. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** A URL whose host was resolved and vetted; connections go to `address` and nowhere else. */
export interface VettedTarget {
  url: URL;
  /** Host name without IPv6 brackets. */
  hostname: string;
  port: number;
  address: string;
  family: 4 | 6;
  /** True when the host (or host:port) is in the allowlist, so its address was not vetted. */
  allowlisted: boolean;
}

export interface OutboundGuardOptions {
  /** `host` or `host:port` entries that may resolve to otherwise refused addresses. */
  allowlist?: readonly string[];
  resolver?: HostResolver;
  /** How long name resolution may take (default 5 s). */
  resolveTimeoutMs?: number;
}

const defaultResolver: HostResolver = async (hostname) => {
  const results = await dnsLookup(hostname, { all: true, verbatim: true });
  return results.map((r) => ({ address: r.address, family: r.family === 6 ? 6 : 4 }));
};

/**
 * Vets user-supplied addresses before anything connects to them: only http(s), no credentials in the
 * URL, and every address the host resolves to must be public unless the host is allowlisted. The
 * returned address is the one to connect to, which defeats DNS rebinding between check and use.
 */
export class OutboundGuard {
  private readonly allowlist: ReadonlySet<string>;
  private readonly resolver: HostResolver;
  private readonly resolveTimeoutMs: number;

  constructor(options: OutboundGuardOptions = {}) {
    this.allowlist = new Set((options.allowlist ?? []).map((e) => e.trim().toLowerCase()).filter(Boolean));
    this.resolver = options.resolver ?? defaultResolver;
    this.resolveTimeoutMs = options.resolveTimeoutMs ?? RESOLVE_TIMEOUT_MS;
  }

  /** Parses and checks the URL's form only (scheme, credentials, host). */
  parse(input: string | URL): URL {
    let url: URL;
    try {
      url = new URL(input.toString());
    } catch (cause) {
      throw new OutboundError('invalid_url', 'Not a valid URL', { cause });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundError('invalid_url', `Only http and https URLs are allowed, not ${url.protocol}`);
    }
    if (url.username !== '' || url.password !== '') {
      throw new OutboundError('invalid_url', 'URLs with credentials are not allowed');
    }
    if (url.hostname === '') throw new OutboundError('invalid_url', 'The URL has no host');
    return url;
  }

  isAllowlisted(url: URL): boolean {
    const host = stripBrackets(url.hostname).toLowerCase();
    const port = effectivePort(url);
    return (
      this.allowlist.has(host) ||
      this.allowlist.has(`${host}:${port}`) ||
      this.allowlist.has(`${url.hostname.toLowerCase()}:${port}`)
    );
  }

  /** Resolves the host and refuses it when any of its addresses is not public (and it is not allowlisted). */
  async vet(input: string | URL): Promise<VettedTarget> {
    const url = this.parse(input);
    const hostname = stripBrackets(url.hostname);
    const allowlisted = this.isAllowlisted(url);
    let addresses: ResolvedAddress[];
    if (isIP(hostname) !== 0) {
      addresses = [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
    } else {
      try {
        const ms = this.resolveTimeoutMs;
        addresses = await withTimeout(
          this.resolver(hostname),
          ms,
          `name resolution took longer than ${ms} ms`,
        );
      } catch (cause) {
        throw new OutboundError('unresolvable', `The host ${hostname} cannot be resolved`, { cause });
      }
      if (addresses.length === 0)
        throw new OutboundError('unresolvable', `The host ${hostname} has no address`);
    }
    if (!allowlisted) {
      for (const { address } of addresses) {
        const reason = blockedAddressReason(address);
        if (reason !== undefined) {
          throw new OutboundError(
            'blocked_address',
            `The host ${hostname} resolves to a ${reason.replace('_', '-')} address, which is not allowed`,
          );
        }
      }
    }
    const [first] = addresses as [ResolvedAddress, ...ResolvedAddress[]];
    return {
      url,
      hostname,
      port: effectivePort(url),
      address: first.address,
      family: first.family,
      allowlisted,
    };
  }
}

function stripBrackets(host: string): string {
  return host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
}

export function effectivePort(url: URL): number {
  if (url.port !== '') return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/** Parses `OUTBOUND_ALLOWLIST` (comma-separated `host` or `host:port`). */
export function parseAllowlist(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e.length > 0);
}

/** A slow name server must not hold a request (or the thread pool dns.lookup runs on) for long. */
const RESOLVE_TIMEOUT_MS = 5000;
