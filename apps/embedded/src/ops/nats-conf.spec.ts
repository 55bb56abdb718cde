import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import * as contracts from '@pc/contracts';
import { durableConsumerName, NATS_APPS, permissionsOf, renderNatsConf } from '@pc/platform';

const ROOT = path.join(__dirname, '..', '..', '..', '..');

type Descriptor = { kind: 'rpc' | 'event'; pattern: string; broadcast?: boolean };

/** `IdentityRpc.authenticate` -> its descriptor, for every descriptor group the contracts export. */
const DESCRIPTORS = new Map<string, Descriptor>();
for (const [group, value] of Object.entries(contracts)) {
  if (!/(Rpc|Events)$/.test(group) || typeof value !== 'object' || value === null) continue;
  for (const [name, d] of Object.entries(value as Record<string, Descriptor>))
    if (d && (d.kind === 'rpc' || d.kind === 'event')) DESCRIPTORS.set(`${group}.${name}`, d);
}

function sourcesUnder(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry !== 'testing' && entry !== 'lint-fixtures') files.push(...sourcesUnder(full));
    } else if (entry.endsWith('.ts') && !/\.(spec|integration-spec|e2e-spec)\.ts$/.test(entry))
      files.push(full);
  }
  return files;
}

const withoutComments = (text: string): string =>
  text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** Library files that use the bus on an app's behalf, and the exported names that pull them in. */
const LIBRARY_HELPERS = sourcesUnder(path.join(ROOT, 'libs'))
  .filter((file) => !file.includes(`${path.sep}contracts${path.sep}`))
  .map((file) => ({ file, text: withoutComments(readFileSync(file, 'utf8')) }))
  .filter(({ text }) => /\b[A-Z]\w*(Rpc|Events)\.\w+/.test(text))
  .map(({ file, text }) => ({
    file,
    text,
    exports: [...text.matchAll(/export (?:async )?(?:class|function) (\w+)/g)].map((m) => m[1]),
  }));

interface Use {
  requests: Set<string>;
  emits: Set<string>;
  hears: Set<string>;
  serves: Set<string>;
  publishesDurable: Set<string>;
  consumesDurable: Set<string>;
}

/**
 * What an app's code does on the bus, read from its sources (and the library helpers it uses): each
 * reference to a descriptor is classified by the call it is an argument of.
 */
/** An app's sources, and the listings kernel's when the app mounts it (its code runs in the app). */
function appSources(app: string): string[] {
  const own = sourcesUnder(path.join(ROOT, 'apps', app, 'src')).map((file) =>
    withoutComments(readFileSync(file, 'utf8')),
  );
  if (!own.some((text) => text.includes("from '@pc/listings'"))) return own;
  const kernel = sourcesUnder(path.join(ROOT, 'libs', 'listings', 'src')).map((file) =>
    withoutComments(readFileSync(file, 'utf8')),
  );
  return [...own, ...kernel];
}

function busUseOf(app: string): { use: Use; unclassified: string[] } {
  const own = appSources(app);
  const ownText = own.join('\n');
  const helpers = LIBRARY_HELPERS.filter((h) =>
    h.exports.some((name) => new RegExp(`\\b${name}\\b`).test(ownText)),
  );
  const use: Use = {
    requests: new Set(),
    emits: new Set(),
    hears: new Set(),
    serves: new Set(),
    publishesDurable: new Set(),
    consumesDurable: new Set(),
  };
  const unclassified: string[] = [];
  for (const text of [...own, ...helpers.map((h) => h.text)]) {
    for (const match of text.matchAll(/\b([A-Z]\w*(?:Rpc|Events))\.(\w+)\b(\.pattern)?/g)) {
      const d = DESCRIPTORS.get(`${match[1]}.${match[2]}`);
      if (!d) continue;
      // A pattern written to a database outbox is published later by the outbox's owner.
      if (match[3]) continue;
      const before = text.slice(Math.max(0, match.index - 200), match.index);
      const call = /(\w+)\([^()]*$/.exec(before)?.[1];
      // Written to an outbox by its descriptor (`outbox.addEvent(tx, Events.x, ...)`): the same.
      if (call === 'addEvent') continue;
      const inEventsList = /events:\s*\[[^\]]*$/.test(before);
      // A kind's content-change broadcast, which the listings kernel emits for its service.
      const contentChange = /contentChanged:\s*$/.test(before);
      if (d.kind === 'rpc') {
        // `serve(descriptor, ...)`: a route of a handler the kernel's `handlerOf` decorates with Handles
        // (`serve(answeredAsJson(descriptor), ...)`: one that answers with prebuilt JSON;
        // `serve(answeredInParts(descriptor), ...)`: one whose answer may come in parts).
        if (call === 'Handles' || /\bserve\(\s*((answeredAsJson|answeredInParts)\(\s*)?$/.test(before))
          use.serves.add(d.pattern);
        else use.requests.add(d.pattern); // sent: a request, or a ping in a readiness list
      } else if (d.broadcast) {
        if (call === 'subscribeBroadcast' || call === 'Handles') use.hears.add(d.pattern);
        else if (call === 'emit' || call === 'emitFlushed' || contentChange) use.emits.add(d.pattern);
        else unclassified.push(`${match[1]}.${match[2]}`);
      } else if (call === 'subscribe' || call === 'subscribeInBackground') use.consumesDurable.add(d.pattern);
      // Published from an outbox's event list, or directly (the gateway's audit records).
      else if (inEventsList || call === 'publish') use.publishesDurable.add(d.pattern);
      else unclassified.push(`${match[1]}.${match[2]}`);
    }
  }
  return { use, unclassified };
}

const patterns = (ds: { pattern: string }[]): string[] => ds.map((d) => d.pattern).sort();

describe('the NATS permissions (nats-permissions in libs/platform, deploy/nats/nats.conf)', () => {
  it('ships deploy/nats/nats.conf as generated for an empty prefix', () => {
    expect(readFileSync(path.join(ROOT, 'deploy', 'nats', 'nats.conf'), 'utf8')).toBe(renderNatsConf(''));
  });

  it('has a user for every app that connects to NATS', () => {
    // Every app that runs as a process (src/main.ts), but npm start's composition root and the sandbox.
    const apps = readdirSync(path.join(ROOT, 'apps')).filter(
      (app) =>
        !['embedded', 'sandbox'].includes(app) && existsSync(path.join(ROOT, 'apps', app, 'src', 'main.ts')),
    );
    expect(Object.keys(NATS_APPS).sort()).toEqual(apps.sort());
  });

  it.each(Object.keys(NATS_APPS))('lets %s use exactly the subjects its code uses', (app) => {
    const declared = NATS_APPS[app];
    const { use, unclassified } = busUseOf(app);
    expect(unclassified).toEqual([]);
    const requests = [...use.requests].filter(
      (p) => !(declared.requestsAllOf ?? []).some((service) => p.startsWith(`${service}.`)),
    );
    expect(patterns(declared.requests)).toEqual(requests.sort());
    expect(patterns(declared.emits)).toEqual([...use.emits].sort());
    expect(patterns(declared.hears)).toEqual([...use.hears].sort());
    expect(patterns(declared.publishesDurable)).toEqual([...use.publishesDurable].sort());
    expect(patterns(declared.consumesDurable)).toEqual([...use.consumesDurable].sort());
    for (const served of use.serves) expect(served.startsWith(`${declared.serves}.`)).toBe(true);
    // The shared budgets' bucket: granted to exactly the apps that count in it.
    const counts = sourcesUnder(path.join(ROOT, 'apps', app, 'src')).some((file) =>
      /\bSharedBudgets\b/.test(withoutComments(readFileSync(file, 'utf8'))),
    );
    expect(Boolean(declared.budgets)).toBe(counts);
  });

  it.each(Object.keys(NATS_APPS))(
    'lets the previous release of %s, during a rolling release, send the requests its code now sends on a newer subject, while their service answers them',
    (app) => {
      const declared = NATS_APPS[app];
      const { use } = busUseOf(app);
      const versionOf = (pattern: string) => /^(.*)\.v(\d+)$/.exec(pattern);
      // A subject of the contracts that a newer version of it replaces, which this app's code sends.
      const superseded = [...DESCRIPTORS.values()]
        .filter((d) => d.kind === 'rpc')
        .map((d) => d.pattern)
        .filter((pattern) => {
          const [, base, version] = versionOf(pattern) ?? [];
          return [...use.requests].some((sent) => {
            const [, sentBase, sentVersion] = versionOf(sent) ?? [];
            return sentBase === base && Number(sentVersion) > Number(version);
          });
        })
        .filter(
          (pattern) => !(declared.requestsAllOf ?? []).some((service) => pattern.startsWith(`${service}.`)),
        );
      expect(patterns(declared.retiringRequests ?? [])).toEqual(superseded.sort());
      const publish = permissionsOf(app, '').publish;
      for (const pattern of superseded) {
        expect(use.requests.has(pattern)).toBe(false);
        expect(publish).toContain(pattern);
        // Answered for the old replicas until it goes.
        const service = Object.keys(NATS_APPS).find((a) => pattern.startsWith(`${NATS_APPS[a].serves}.`));
        expect(service && busUseOf(service).use.serves.has(pattern)).toBe(true);
      }
    },
  );

  it.each(Object.keys(NATS_APPS).filter((app) => NATS_APPS[app].consumesDurable.length > 0))(
    'names %s as the subscriber of every durable event it consumes (its consumers are granted by that name)',
    (app) => {
      const sources = appSources(app);
      const text = sources.join('\n');
      const subscribers = [
        ...text.matchAll(/\b(?:subscribe|subscribeInBackground)\(\s*[\w.]+,\s*'([^']*)'/g),
        ...text.matchAll(/\bsubscribeDeployCounts\(\s*[\w.]+,\s*'([^']*)'/g),
      ].map((m) => m[1]);
      // The kernel counts deploys in a consumer named after the kind's service (`ListingKind.service`).
      if (/\bsubscribeDeployCounts\(\s*[\w.]+,\s*this\.kind\.service\b/.test(text)) {
        const kinds = sources.filter((source) => /: ListingKind = \{/.test(source));
        for (const kind of kinds) subscribers.push(/\bservice:\s*'([^']*)',/.exec(kind)?.[1] ?? '');
      }
      expect(subscribers.length).toBe(NATS_APPS[app].consumesDurable.length);
      expect(new Set(subscribers)).toEqual(new Set([app]));
    },
  );

  it("grants the consumer API of an app's own durable consumers on EVENTS only, never DELETE", () => {
    for (const app of Object.keys(NATS_APPS)) {
      const use = NATS_APPS[app];
      const consumerApi = permissionsOf(app, '').publish.filter(
        (s) => /^\$JS\.(API\.CONSUMER|ACK)\./.test(s) && /\.EVENTS(\.|$)/.test(s),
      );
      const own = use.consumesDurable.map((e) => durableConsumerName(app, e.pattern));
      expect(consumerApi).toEqual(
        own.flatMap((durable, i) => [
          `$JS.API.CONSUMER.CREATE.EVENTS.${durable}.events.${use.consumesDurable[i].pattern}`,
          `$JS.API.CONSUMER.DURABLE.CREATE.EVENTS.${durable}`,
          `$JS.API.CONSUMER.INFO.EVENTS.${durable}`,
          `$JS.API.CONSUMER.MSG.NEXT.EVENTS.${durable}`,
          `$JS.ACK.EVENTS.${durable}.>`,
        ]),
      );
      // Only the publishers of durable events change the stream's settings.
      expect(permissionsOf(app, '').publish.includes('$JS.API.STREAM.UPDATE.EVENTS')).toBe(
        use.publishesDurable.length > 0,
      );
    }
  });

  it('puts every subject under BUS_SUBJECT_PREFIX, and names the prefixed streams', () => {
    const prefix = 'staging.eu.';
    for (const app of Object.keys(NATS_APPS)) {
      const { publish, subscribe } = permissionsOf(app, prefix);
      for (const subject of [...publish, ...subscribe]) {
        if (subject.startsWith('$JS.API.INFO')) continue;
        if (subject.startsWith('$JS.'))
          expect(subject).toMatch(/\.(KV_)?staging_eu_(EVENTS|JOBS_\w+|BUDGETS)(\.|$)/);
        else if (subject.startsWith('$KV.')) expect(subject).toBe('$KV.staging_eu_BUDGETS.>');
        else if (!subject.startsWith('_INBOX_')) expect(subject.startsWith(prefix)).toBe(true);
      }
      expect(permissionsOf(app, '').publish.length).toBe(publish.length);
    }
    expect(permissionsOf('deployment-worker', prefix).publish).toEqual(
      expect.arrayContaining([
        'staging.eu.jobs.deployments',
        '$JS.ACK.staging_eu_JOBS_deployments.deployments-workers.>',
      ]),
    );
    expect(renderNatsConf(prefix)).toContain('"staging.eu.identity.health.ping.v1"');
  });

  // Connected as the deployment worker, deleting the deployments queue's consumer stopped every worker;
  // the gateway could publish identity's and deployments' events, which it only hears.
  it("grants no app a consumer's deletion, and the gateway requests but not the events it hears", () => {
    for (const app of Object.keys(NATS_APPS)) {
      const { publish } = permissionsOf(app, '');
      for (const subject of publish.filter((s) => s.startsWith('$JS.API.CONSUMER.')))
        expect(subject).toMatch(
          /^\$JS\.API\.CONSUMER\.(CREATE|DURABLE\.CREATE|INFO|MSG\.NEXT)\.[\w-]+\.[\w-]+/,
        );
    }
    const gateway = permissionsOf('gateway', '').publish;
    for (const heard of NATS_APPS.gateway.hears.filter((e) => !NATS_APPS.gateway.emits.includes(e)))
      expect(gateway).not.toContain(heard.pattern);
    for (const service of NATS_APPS.gateway.requestsAllOf ?? [])
      expect(gateway).not.toContain(`${service}.>`);
    expect(gateway).toEqual(
      expect.arrayContaining(['identity.health.ping.v1', 'deployments.health.ping.v1']),
    );
  });
});
