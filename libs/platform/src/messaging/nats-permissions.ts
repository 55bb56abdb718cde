// The NATS permissions of distributed mode: one user per app whose permissions name exactly the
// subjects it uses, under a BUS_SUBJECT_PREFIX. The subjects come from the contracts' descriptors; the
// per-app lists below are checked against what each app's code requests, emits and subscribes to
// (apps/embedded/src/ops/nats-conf.spec.ts). `npm run nats:conf` (tools/nats-conf.ts) writes the file.
import * as Contracts from '@pc/contracts';
import {
  CallerEvents,
  AuditEvents,
  CatalogEvents,
  ContentEvents,
  CatalogRpc,
  ConnectionsRpc,
  DeploymentsEvents,
  DeploymentsRpc,
  DeploymentWorkerRpc,
  type EventDescriptor,
  GovernanceEvents,
  GovernanceRpc,
  REEVALUATION_QUEUE,
  IdentityEvents,
  IdentityRpc,
  RulesetEvaluationRpc,
  RulesetOwnershipRpc,
  RulesetsEvents,
  RulesetsRpc,
  type RpcDescriptor,
  WorkspacesRpc,
} from '@pc/contracts';
import { durableConsumerName } from '../jobs/durable-events';
import { REPLY_MAX_PARTS } from './reply-parts';

type Rpc = RpcDescriptor<unknown, unknown>;
type Event = EventDescriptor<unknown>;

/** What one app does on the bus, unprefixed; `renderNatsConf` turns it into permissions. */
export interface AppBusUse {
  /** The subject root it answers (`<serves>.>`, with replies allowed); absent for the edge apps. */
  serves?: string;
  /** Services any of whose requests it may send (the gateway, the HTTP edge of them all). */
  requestsAllOf?: string[];
  /** Requests it sends (its own health ping too: a service's readiness pings itself over the bus). */
  requests: Rpc[];
  /**
   * Requests its previous release sent and this one no longer does (their contract moved to a new
   * subject): still allowed for one release, since the old replicas connect as the same user while a
   * rolling release replaces them; removed with the subject (deploy/README.md, "Contract changes under
   * way"). The service still answers them.
   */
  retiringRequests?: Rpc[];
  /** Broadcast events it publishes. */
  emits: Event[];
  /** Broadcast events it hears (every replica). */
  hears: Event[];
  /** Durable events (JetStream stream EVENTS) it publishes from its outbox. */
  publishesDurable: Event[];
  /**
   * Durable events it consumes with a durable consumer of its own, named by the app
   * (`durableConsumerName(<app>, pattern)`: the app passes its own name as the subscriber).
   */
  consumesDurable: Event[];
  /** Work queues (JetStream streams JOBS_<name>) it enqueues to or takes jobs from. */
  enqueues: string[];
  works: string[];
  /** Counts per-user and per-address budgets in the shared KV bucket (limits/shared-budgets.ts). */
  budgets?: boolean;
}

const none = {
  requests: [],
  emits: [],
  hears: [],
  publishesDurable: [],
  consumesDurable: [],
  enqueues: [],
  works: [],
};

/** Every app that connects to NATS, in the order of the generated file. */
export const NATS_APPS: Record<string, AppBusUse> = {
  gateway: {
    ...none,
    requestsAllOf: ['identity', 'catalog', 'rulesets', 'connections', 'workspaces', 'deployments'],
    hears: [
      IdentityEvents.tokenRevoked,
      IdentityEvents.sessionEnded,
      DeploymentsEvents.logAppended,
      DeploymentsEvents.jobEnded,
      DeploymentsEvents.rolloutEvent,
      IdentityEvents.userUpdated,
      ContentEvents.catalogChanged,
      ContentEvents.rulesetsChanged,
      CallerEvents.changed,
    ],
    // A user's write through one replica drops their part of shared reads in every replica.
    emits: [CallerEvents.changed],
    publishesDurable: [AuditEvents.recorded],
    budgets: true,
  },
  mcp: {
    budgets: true,
    ...none,
    requests: [
      IdentityRpc.ping,
      IdentityRpc.authenticate,
      IdentityRpc.listNotifications,
      CatalogRpc.ping,
      CatalogRpc.listPolicies,
      CatalogRpc.searchListings,
      CatalogRpc.getPolicy,
      CatalogRpc.getPolicyDocs,
      CatalogRpc.getVendorPolicy,
      CatalogRpc.listComments,
      CatalogRpc.listSubmissions,
      CatalogRpc.listIdeas,
      CatalogRpc.getIdea,
      CatalogRpc.submitIdea,
      CatalogRpc.voteIdea,
      RulesetsRpc.ping,
      RulesetsRpc.list,
      RulesetsRpc.searchListings,
      RulesetsRpc.get,
      RulesetsRpc.getDocs,
      RulesetsRpc.getVendorRuleset,
      RulesetsRpc.listSubmissions,
      RulesetEvaluationRpc.evaluate,
      DeploymentsRpc.plan,
      GovernanceRpc.listApis,
      GovernanceRpc.getApi,
      GovernanceRpc.listEvaluations,
      // list_workspaces, list_connections and list_connection_organizations: the ids plan_deployment
      // and list_governed_apis take.
      WorkspacesRpc.list,
      WorkspacesRpc.get,
      ConnectionsRpc.list,
      ConnectionsRpc.listOrgs,
      // Its readiness: every service its tools call answers.
      WorkspacesRpc.ping,
      ConnectionsRpc.ping,
      DeploymentsRpc.ping,
    ],
    hears: [IdentityEvents.tokenRevoked, IdentityEvents.sessionEnded],
  },
  identity: {
    ...none,
    serves: 'identity',
    // Workspace webhooks and the workspace audit view: is the caller the workspace's owner?
    // Follows: does the caller see the policy or ruleset they follow?
    requests: [IdentityRpc.ping, WorkspacesRpc.list, CatalogRpc.getPolicy, RulesetsRpc.get],
    emits: [IdentityEvents.tokenRevoked, IdentityEvents.sessionEnded, IdentityEvents.userUpdated],
    consumesDurable: [
      CatalogEvents.ideaDelivered,
      CatalogEvents.reviewDecided,
      CatalogEvents.versionPublished,
      CatalogEvents.transferOffered,
      CatalogEvents.policyCommented,
      RulesetsEvents.reviewDecided,
      RulesetsEvents.versionPublished,
      DeploymentsEvents.deploymentSucceeded,
      DeploymentsEvents.deploymentDrifted,
      DeploymentsEvents.deploymentFailed,
      DeploymentsEvents.driftDetected,
      DeploymentsEvents.rolloutHalted,
      AuditEvents.recorded,
      GovernanceEvents.thresholdCrossed,
      GovernanceEvents.waiverExpired,
      GovernanceEvents.conformanceChanged,
    ],
  },
  catalog: {
    ...none,
    serves: 'catalog',
    requests: [
      CatalogRpc.ping,
      IdentityRpc.findUsers,
      IdentityRpc.resolveUser,
      RulesetOwnershipRpc.get,
      RulesetOwnershipRpc.move,
      RulesetOwnershipRpc.end,
      RulesetOwnershipRpc.endMany,
    ],
    hears: [IdentityEvents.userUpdated],
    emits: [ContentEvents.catalogChanged],
    publishesDurable: [
      CatalogEvents.ideaDelivered,
      CatalogEvents.reviewDecided,
      CatalogEvents.versionPublished,
      CatalogEvents.transferOffered,
      CatalogEvents.policyCommented,
    ],
    // A withdrawn ruleset's pending transfers end (the transfers are the catalog's).
    consumesDurable: [DeploymentsEvents.deploymentSucceeded, RulesetsEvents.withdrawn],
  },
  connections: {
    ...none,
    serves: 'connections',
    requests: [
      ConnectionsRpc.ping,
      CatalogRpc.getPolicy,
      RulesetsRpc.get,
      WorkspacesRpc.connectionAccess,
      WorkspacesRpc.connectionShares,
      WorkspacesRpc.removeConnection,
      DeploymentsRpc.connectionCounts,
      DeploymentsRpc.reconcileConnection,
      DeploymentsRpc.refreshConnectionDrift,
    ],
  },
  workspaces: {
    ...none,
    serves: 'workspaces',
    requests: [
      WorkspacesRpc.ping,
      IdentityRpc.findUsers,
      IdentityRpc.resolveUser,
      ConnectionsRpc.ownership,
      ConnectionsRpc.summaries,
      DeploymentsRpc.workspaceSummary,
      DeploymentsRpc.authoredCount,
    ],
  },
  rulesets: {
    ...none,
    serves: 'rulesets',
    requests: [
      RulesetsRpc.ping,
      IdentityRpc.findUsers,
      // The listings kernel's user directory (owners' names, a transfer's recipient).
      IdentityRpc.resolveUser,
      CatalogRpc.checkIdeas,
      CatalogRpc.declareIdeas,
      CatalogRpc.deliverIdeas,
      CatalogRpc.listIdeaDeliveries,
      // Who may act on a workspace's governed APIs: the caller's role there.
      WorkspacesRpc.list,
    ],
    // The kernel's user directory drops a renamed user's cached name.
    hears: [IdentityEvents.userUpdated],
    emits: [ContentEvents.rulesetsChanged],
    publishesDurable: [
      RulesetsEvents.reviewDecided,
      RulesetsEvents.versionPublished,
      RulesetsEvents.withdrawn,
      GovernanceEvents.thresholdCrossed,
      GovernanceEvents.waiverExpired,
      GovernanceEvents.conformanceChanged,
    ],
    // Its own events: a new version's re-evaluation, and an approval's ideas delivered after commit.
    consumesDurable: [
      DeploymentsEvents.deploymentSucceeded,
      RulesetsEvents.versionPublished,
      RulesetsEvents.reviewDecided,
    ],
    enqueues: [REEVALUATION_QUEUE.name],
    works: [REEVALUATION_QUEUE.name],
  },
  deployments: {
    ...none,
    serves: 'deployments',
    requests: [
      DeploymentsRpc.ping,
      CatalogRpc.getPolicy,
      RulesetsRpc.get,
      WorkspacesRpc.get,
      // Who sees a roll-out: its workspace's members.
      WorkspacesRpc.list,
      ConnectionsRpc.ownership,
      ConnectionsRpc.checkEligibleOrgs,
      ConnectionsRpc.platformAccess,
    ],
    retiringRequests: [ConnectionsRpc.platformAccessV1],
    publishesDurable: [
      DeploymentsEvents.deploymentSucceeded,
      DeploymentsEvents.deploymentDrifted,
      DeploymentsEvents.deploymentFailed,
      DeploymentsEvents.driftDetected,
      DeploymentsEvents.rolloutHalted,
    ],
    // A roll-out's events reach every gateway replica's streams.
    emits: [DeploymentsEvents.rolloutEvent],
    // A job that ended frees a build slot: the scheduler releases the next waiting job at once.
    hears: [DeploymentsEvents.jobEnded],
    enqueues: ['deployments'],
  },
  'deployment-worker': {
    ...none,
    serves: 'deployment-worker',
    requests: [DeploymentWorkerRpc.ping, ConnectionsRpc.platformAccess],
    retiringRequests: [ConnectionsRpc.platformAccessV1],
    emits: [DeploymentsEvents.logAppended, DeploymentsEvents.jobEnded],
    works: ['deployments'],
  },
};

/** A stream name as libs/platform/src/jobs names it: the prefix with anything but [A-Za-z0-9_-] as `_`. */
export function streamName(prefix: string, name: string): string {
  return `${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}${name}`;
}

/**
 * The KV bucket of the shared request budgets (limits/shared-budgets.ts) under a prefix: `<prefix>BUDGETS`,
 * whose stream is `KV_<prefix>BUDGETS`.
 */
export function budgetsBucket(prefix: string): string {
  return streamName(prefix, 'BUDGETS');
}

/**
 * Every request subject of the contracts (the `rpc` descriptors they export, alone or in groups such as
 * `IdentityRpc`): what an app that `requestsAllOf` a service may send it. Its events are not requests:
 * the gateway hears identity's and deployments' events and must not publish them.
 */
function contractRequests(): string[] {
  const found = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (!value || typeof value !== 'object' || depth > 2) return;
    const descriptor = value as { kind?: unknown; pattern?: unknown };
    if (descriptor.kind === 'rpc' && typeof descriptor.pattern === 'string') found.add(descriptor.pattern);
    else if (descriptor.kind === undefined) Object.values(value).forEach((inner) => visit(inner, depth + 1));
  };
  Object.values(Contracts).forEach((value) => visit(value, 0));
  return [...found].sort();
}

/** The environment variable holding an app's NATS password (`NATS_DEPLOYMENT_WORKER_PASSWORD`). */
export function passwordVariable(app: string): string {
  return `NATS_${app.toUpperCase().replace(/-/g, '_')}_PASSWORD`;
}

/** The publish and subscribe allow-lists of one app under a prefix. */
export function permissionsOf(
  app: string,
  prefix: string,
): { publish: string[]; subscribe: string[]; allowResponses: boolean } {
  const use = NATS_APPS[app];
  if (!use) throw new Error(`no NATS user for ${app}`);
  const p = (subject: string): string => `${prefix}${subject}`;
  const publish = new Set<string>();
  const subscribe = new Set<string>([`_INBOX_${app.replace(/[^A-Za-z0-9_-]/g, '_')}.>`]);
  for (const service of use.requestsAllOf ?? [])
    contractRequests()
      .filter((pattern) => pattern.startsWith(`${service}.`))
      .forEach((pattern) => publish.add(p(pattern)));
  for (const rpc of [...use.requests, ...(use.retiringRequests ?? [])]) publish.add(p(rpc.pattern));
  for (const event of use.emits) publish.add(p(event.pattern));
  for (const event of use.hears) subscribe.add(p(event.pattern));
  if (use.serves) subscribe.add(p(`${use.serves}.>`));
  // Reading the stream, and creating it when it is missing (a consumer may start before any publisher).
  const streamUse = (stream: string): string[] => [
    '$JS.API.INFO',
    `$JS.API.STREAM.INFO.${stream}`,
    `$JS.API.STREAM.CREATE.${stream}`,
  ];
  // Changing its settings too: the stream's owners (the publishers of EVENTS, both ends of a queue).
  const streamAdmin = (stream: string): string[] => [...streamUse(stream), `$JS.API.STREAM.UPDATE.${stream}`];
  // One durable consumer of EVENTS, and nobody else's: create or update it (the `nats` client asks
  // CONSUMER.CREATE.<stream>.<name>.<filter> of a 2.9+ server, CONSUMER.DURABLE.CREATE.<stream>.<name>
  // of an older one), read it, pull from it and acknowledge its messages. No DELETE.
  const ownConsumer = (stream: string, durable: string, filter: string): string[] => [
    `$JS.API.CONSUMER.CREATE.${stream}.${durable}.${filter}`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${stream}.${durable}`,
    `$JS.API.CONSUMER.INFO.${stream}.${durable}`,
    `$JS.API.CONSUMER.MSG.NEXT.${stream}.${durable}`,
    `$JS.ACK.${stream}.${durable}.>`,
  ];
  const events = streamName(prefix, 'EVENTS');
  if (use.publishesDurable.length > 0) streamAdmin(events).forEach((s) => publish.add(s));
  else if (use.consumesDurable.length > 0) streamUse(events).forEach((s) => publish.add(s));
  // A service publishes the durable events of its own namespace (events.<service>.>) from its outbox.
  for (const event of use.publishesDurable) publish.add(p(`events.${event.pattern.split('.')[0]}.>`));
  for (const event of use.consumesDurable)
    ownConsumer(events, durableConsumerName(app, event.pattern), p(`events.${event.pattern}`)).forEach((s) =>
      publish.add(s),
    );
  // A queue's one consumer `<queue>-workers` (jobs/jetstream-work-queue.ts), declared by both ends:
  // created or updated and read; pulled from and acknowledged by its workers. No DELETE: one app's user
  // deleting it stopped every worker.
  for (const queue of [...use.enqueues, ...use.works]) {
    const stream = streamName(prefix, `JOBS_${queue}`);
    const durable = `${queue}-workers`;
    streamAdmin(stream).forEach((s) => publish.add(s));
    ownConsumer(stream, durable, p(`jobs.${queue}`))
      .filter((s) => use.works.includes(queue) || !/MSG\.NEXT|^\$JS\.ACK/.test(s))
      .forEach((s) => publish.add(s));
    publish.add(p(`jobs.${queue}`));
  }
  if (use.budgets) {
    // The bucket's stream (created by the first replica to count), its keys read and written.
    const bucket = budgetsBucket(prefix);
    const stream = `KV_${bucket}`;
    [
      ...streamUse(stream),
      `$JS.API.DIRECT.GET.${stream}`,
      `$JS.API.DIRECT.GET.${stream}.>`,
      `$JS.API.STREAM.MSG.GET.${stream}`,
      `$KV.${bucket}.>`,
    ].forEach((s) => publish.add(s));
  }
  return { publish: [...publish], subscribe: [...subscribe], allowResponses: use.serves !== undefined };
}

const list = (subjects: string[], indent: string): string =>
  `[\n${subjects.map((s) => `${indent}  ${JSON.stringify(s)}`).join('\n')}\n${indent}]`;

/** The whole nats.conf for one BUS_SUBJECT_PREFIX. */
export function renderNatsConf(prefix: string): string {
  const users = Object.keys(NATS_APPS).map((app) => {
    const { publish, subscribe, allowResponses } = permissionsOf(app, prefix);
    return [
      '    {',
      `      user: ${JSON.stringify(app)}`,
      `      password: $${passwordVariable(app)}`,
      '      permissions: {',
      `        publish: { allow: ${list(publish, '        ')} }`,
      `        subscribe: { allow: ${list(subscribe, '        ')} }`,
      // A reply may come in parts (reply-parts.ts): that many answers to one request.
      ...(allowResponses ? [`        allow_responses: { max: ${REPLY_MAX_PARTS} }`] : []),
      '      }',
      '    }',
    ].join('\n');
  });
  return [
    '# Generated by tools/nats-conf.ts (npm run nats:conf) for BUS_SUBJECT_PREFIX=' +
      JSON.stringify(prefix) +
      ': do not edit.',
    '# NATS for distributed mode: JetStream, and one user per app whose permissions name the subjects it',
    '# uses. Services answer only their own subjects; replies go back under a per-app inbox prefix',
    "# (_INBOX_<app>), so no app reads another one's replies. Passwords come from the environment",
    '# (NATS_<APP>_PASSWORD); the server refuses to start when one is missing.',
    'port: 4222',
    'jetstream {',
    '  store_dir: /data',
    '}',
    'authorization {',
    '  users = [',
    users.join('\n'),
    '  ]',
    '}',
    '',
  ].join('\n');
}
