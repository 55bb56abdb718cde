/**
 * The realistic mix of `npm run bench`: signed-in and anonymous readers over every policy, popularity
 * skewed (Zipf, s = 1.1: a few policies take most reads), 2% of requests writes by signed-in users
 * (likes, comments, edits of their own policies) invalidating what they touch; every read a user
 * makes right after their own write is checked to show it. The same mix runs against the system and
 * the baseline; the load generator is this process (the servers are others).
 */
/** A signed-in user of the mix: how the system knows them and how the baseline does, and what they own. */
export interface MixUser {
  /** Headers of their requests to the system (a session cookie) and to the baseline (their id). */
  systemHeaders: Record<string, string>;
  baselineHeaders: Record<string, string>;
  /** Policies they own (the ones they may edit). */
  owned: string[];
}

export interface MixTarget {
  /** Where reads go, and where writes go (another replica for the system: read-your-writes across replicas). */
  readUrl: string;
  writeUrl: string;
  side: 'system' | 'baseline';
}

export interface MixOptions {
  seconds: number;
  connections: number;
  /** Policy ids, most popular first (the caller shuffles them). */
  ids: string[];
  users: MixUser[];
  /** Share of requests that are writes, and of the connections that are signed in. */
  writeShare: number;
  signedInShare: number;
}

export interface MixLoad {
  requests: number;
  reads: number;
  writes: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Reads right after the same user's write that did not show it (budget 0). */
  stale: number;
  /** Such reads checked. */
  checked: number;
}

const SEARCH_WORDS = [
  'traffic',
  'auth',
  'rate',
  'header',
  'cache',
  'token',
  'quokka',
  'schema',
  'retry',
  'spike',
];

/** A sampler of ranks 0..n-1 with P(k) proportional to 1/(k+1)^s (inverse CDF by binary search). */
export function zipf(n: number, s: number, random: () => number = Math.random): () => number {
  const cdf = new Float64Array(n);
  let sum = 0;
  for (let k = 0; k < n; k++) {
    sum += 1 / Math.pow(k + 1, s);
    cdf[k] = sum;
  }
  return () => {
    const u = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < u) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

type Json = Record<string, unknown>;

/** The policy of a policy read, as far as the mix's checks look. */
const policyOf = (body: Json) => (body.policy ?? {}) as { liked?: boolean; name?: string };

/** A write a user made, and how their next read checks it. */
interface Written {
  path: string;
  shows: (body: Json) => boolean;
}

/** Runs the mix for `seconds` against `target`. */
export async function runMix(target: MixTarget, o: MixOptions): Promise<MixLoad> {
  const pickPolicy = zipf(o.ids.length, 1.1);
  const pickPage = zipf(50, 1.1);
  const pickWord = zipf(SEARCH_WORDS.length, 1.1);
  const latencies: number[] = [];
  const load: MixLoad = {
    requests: 0,
    reads: 0,
    writes: 0,
    rps: 0,
    p50: 0,
    p99: 0,
    errors: 0,
    stale: 0,
    checked: 0,
  };
  const end = performance.now() + o.seconds * 1000;
  let serial = 0;

  const send = async (
    base: string,
    method: 'GET' | 'POST' | 'PATCH',
    path: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<Json | null> => {
    const began = performance.now();
    try {
      const res = await fetch(base + path, {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const parsed = (await res.json()) as Json;
      latencies.push(performance.now() - began);
      load.requests++;
      if (res.status >= 400) {
        load.errors++;
        return null;
      }
      return parsed;
    } catch {
      load.errors++;
      return null;
    }
  };

  const client = async (index: number) => {
    const signedIn = index < o.connections * o.signedInShare;
    const headersOf = (user: MixUser | undefined) =>
      user ? (target.side === 'system' ? user.systemHeaders : user.baselineHeaders) : {};
    while (performance.now() < end) {
      // A signed-in connection speaks for one user after another (each its own write and read back).
      const user = signedIn ? o.users[Math.floor(Math.random() * o.users.length)] : undefined;
      const headers = headersOf(user);
      // Writes come from signed-in connections only: their share keeps writes at `writeShare` of all.
      if (user && Math.random() < o.writeShare / o.signedInShare) {
        load.writes++;
        const written = await write(user, headers);
        if (!written) continue;
        // The read right after the user's own write: it must show it.
        const body = await send(target.readUrl, 'GET', written.path, headers);
        load.reads++;
        load.checked++;
        if (!body || !written.shows(body)) load.stale++;
        continue;
      }
      load.reads++;
      const roll = Math.random();
      const path =
        roll < 0.75
          ? `/api/policies/${o.ids[pickPolicy()]}`
          : roll < 0.9
            ? `/api/policies?limit=20&offset=${pickPage() * 20}`
            : `/api/policies?q=${SEARCH_WORDS[pickWord()]}&limit=20`;
      await send(target.readUrl, 'GET', path, headers);
    }
  };

  const write = async (user: MixUser, headers: Record<string, string>): Promise<Written | undefined> => {
    const roll = Math.random();
    if (roll < 0.5) {
      const id = o.ids[pickPolicy()];
      const res = await send(target.writeUrl, 'POST', `/api/policies/${id}/like`, headers);
      if (!res) return undefined;
      const liked = res.liked as boolean;
      return { path: `/api/policies/${id}`, shows: (body) => policyOf(body).liked === liked };
    }
    if (roll < 0.8 || user.owned.length === 0) {
      const id = o.ids[pickPolicy()];
      const text = `Mix comment ${process.pid}-${++serial}`;
      const res = await send(target.writeUrl, 'POST', `/api/policies/${id}/comments`, headers, {
        body: text,
      });
      if (!res) return undefined;
      return {
        path: `/api/policies/${id}/comments`,
        shows: (body) =>
          (body.comments as Array<{ body?: string }> | undefined)?.some((c) => c.body === text) ?? false,
      };
    }
    const id = user.owned[Math.floor(Math.random() * user.owned.length)];
    const name = `Edited Policy ${process.pid}-${++serial}`;
    const res = await send(target.writeUrl, 'PATCH', `/api/policies/${id}`, headers, { name });
    if (!res) return undefined;
    return { path: `/api/policies/${id}`, shows: (body) => policyOf(body).name === name };
  };

  const began = performance.now();
  await Promise.all(Array.from({ length: o.connections }, (_, i) => client(i)));
  const elapsed = (performance.now() - began) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { ...load, rps: load.requests / elapsed, p50: at(0.5), p99: at(0.99) };
}
