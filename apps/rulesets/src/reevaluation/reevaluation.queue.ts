import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  ANONYMOUS,
  GovernanceEvents,
  type ReevaluationJob,
  REEVALUATION_QUEUE,
  RulesetsEvents,
  type RulesetVersionPublishedEvent,
} from '@pc/contracts';
import {
  BUS_APP_NAME,
  BUS_CONFIG,
  type BusConfig,
  createLogger,
  Database,
  DomainError,
  DurableEventsClient,
  GiveBack,
  type Job,
  openWorkQueue,
  type QueueWorker,
  RemoteError,
  type WorkQueue,
} from '@pc/platform';
import { Outbox } from '@pc/listings';
import { ApiEvaluationsService, type OnKept } from '../api-evaluations';
import { RanPastTimeLimit } from '../evaluation';
import { GovernedApisRepository } from '../governed-apis';
import { ProfilesRepository, RulesetVersions } from '../profiles';
import { RulesetAccess } from '../rulesets';
import { RulesetsEnv } from '../rulesets.env';
import { ReevaluationRepository } from './reevaluation.repository';

const log = createLogger('rulesets');

/** Thrown inside an evaluation's transaction when the API was evaluated for the cause already: nothing kept. */
class AlreadyReevaluated extends Error {}

/**
 * Thrown inside an evaluation's transaction when the evaluation is not the run's to keep: not made at the
 * run's version (the API's profile pins another one now). Nothing kept; the run goes on with the next API.
 */
class NotAtRunVersion extends Error {}

/**
 * Thrown inside an evaluation's transaction when another version of the run's ruleset was pinned since the
 * run started: nothing kept (the newer version's run evaluates the API at that version), the run ends there.
 */
class Superseded extends Error {}

/** The evaluator's answers that say "not now" (with the seconds to wait), whatever the API. */
const EVALUATOR_BUSY = new Set(['SERVICE_UNAVAILABLE', 'RATE_LIMITED']);

/**
 * What an API's own state makes unevaluable: recorded in the log, the job goes on with the next API. An
 * evaluation past its time limit (`UNPROCESSABLE` too) is left out only at the job's last delivery.
 */
const LEFT_OUT = new Set([
  'NOT_FOUND',
  'RULESETS.NO_SPECIFICATION',
  'RULESETS.NOT_GOVERNED',
  'RULESETS.VERSION_UNAVAILABLE',
  'RULESETS.SPECIFICATION_INVALID',
  'RULESETS.NOT_EVALUABLE',
  'RULESETS.GOVERNANCE_LIMIT',
  'UNPROCESSABLE',
]);

/**
 * Re-evaluation: when an API's ref moves on the source host, and when a ruleset publishes a new reviewed
 * version. The ref check: every `GOVERNANCE_REF_CHECK_INTERVAL_MS`, a job named after the period (so that
 * replicas enqueue one) becomes one job per workspace with APIs on the source host, which, in batches like
 * a version's, compares each API's ref's commit with its latest evaluation's and evaluates again only the
 * APIs whose ref moved (recorded for the period: none twice). A new version: every API a profile following its
 * latest version applies to is evaluated again, by a durable work queue (JetStream over NATS; in memory in
 * embedded mode). The version's event (consumed durably, acknowledged once the jobs are enqueued) becomes
 * one job per workspace; a job evaluates `batch` of the workspace's APIs (by id, after the last one done),
 * then enqueues the rest behind every other workspace's jobs: fair across workspaces, bounded by the
 * worker's concurrency, resumable (a job redelivered after a crash starts again from its own `after`).
 * Job ids are `<event>:<workspace>:<after>`, so an event delivered twice enqueues nothing new. An API
 * never evaluated, or evaluated at the version already (after it came out, or before a late event), is
 * left as it is. Each API evaluated is recorded for the event in its evaluation's transaction, so a job
 * delivered again skips those done (none twice); the workspace's last job finishes its run and, when the version changed the
 * conformance of some of its APIs, announces them once (an outbox event in the same transaction). A run
 * keeps only evaluations made at its own version while that version is the ruleset's current one: once
 * another is pinned, the run ends at its next API (the one under way rolled back), announcing what it
 * evaluated at its version, and the newer version's run evaluates every API from there, at that version.
 */
@Injectable()
export class ReevaluationQueue
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private queue?: Promise<WorkQueue<ReevaluationJob>>;
  private worker?: QueueWorker;
  private refChecks?: NodeJS.Timeout;
  private stopping?: Promise<void>;

  constructor(
    @Inject(BUS_CONFIG) private readonly bus: BusConfig,
    @Inject(BUS_APP_NAME) private readonly app: string,
    private readonly events: DurableEventsClient,
    private readonly db: Database,
    @Inject(RulesetsEnv) private readonly env: RulesetsEnv,
    private readonly apis: GovernedApisRepository,
    private readonly profiles: ProfilesRepository,
    private readonly versions: RulesetVersions,
    private readonly rulesets: RulesetAccess,
    private readonly evaluations: ApiEvaluationsService,
    private readonly runs: ReevaluationRepository,
    private readonly outbox: Outbox,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.events.subscribeInBackground(
      RulesetsEvents.versionPublished,
      'rulesets',
      async (event, delivery) => {
        await this.versionPublished(delivery.id, event);
      },
      {
        onDeadLetter: (job, error) => {
          log.error({ err: error, eventId: job.id }, 'a new version was not re-evaluated after every retry');
          return Promise.resolve();
        },
      },
    );
    const queue = await this.open();
    this.worker = await queue.process((job) => this.run(job), {
      concurrency: REEVALUATION_QUEUE.concurrency,
      onDeadLetter: (job, error) => {
        log.error({ err: error, jobId: job.id }, 're-evaluation job given up after every retry');
        return Promise.resolve();
      },
    });
    const interval = this.env.GOVERNANCE_REF_CHECK_INTERVAL_MS;
    if (interval > 0) {
      this.refChecks = setInterval(() => {
        this.checkRefs(`refs:${Math.floor(Date.now() / interval)}`).catch((error: unknown) =>
          log.warn({ err: error }, 'the ref check was not enqueued; the next period tries again'),
        );
      }, interval);
      this.refChecks.unref();
    }
  }

  /**
   * Stops pulling jobs as the service starts to stop, beside the durable events' subscriptions (each
   * waits up to a pull's expiry; see `DurableEventsClient.beforeApplicationShutdown`).
   */
  beforeApplicationShutdown(): void {
    clearInterval(this.refChecks);
    this.stopping ??= this.worker?.stop();
  }

  /** Drains the jobs in hand, then closes the queue (over NATS, its connection of its own). */
  async onApplicationShutdown(): Promise<void> {
    this.beforeApplicationShutdown();
    await this.stopping;
    // The in-process queue lives with the broker (a restarted service in the same process finds it again).
    if (this.queue && this.bus.kind === 'nats') await (await this.queue).close();
  }

  /**
   * Keeps the new version (profiles may pin it after the next one), then one job per workspace following
   * the latest, unless another version replaced it meanwhile; the number of workspaces.
   */
  async versionPublished(eventId: string, event: RulesetVersionPublishedEvent): Promise<number> {
    // APIs following the latest version are evaluated at the ruleset's current one: a version another
    // replaced before its event was handled is left to that one's event (evaluated now, the APIs would be
    // evaluated at the newer version twice, and recorded and announced under this one).
    if (!(await this.keepVersion(eventId, event))) {
      log.info(
        { eventId, rulesetId: event.ruleset_id, commit: event.commit },
        'version superseded before its re-evaluation',
      );
      return 0;
    }
    const workspaces = await this.profiles.workspacesFollowing(this.db.pool, event.ruleset_id);
    const queue = await this.open();
    for (const workspaceId of workspaces) {
      await this.runs.start(this.db.pool, {
        cause: eventId,
        workspace_id: workspaceId,
        ruleset_id: event.ruleset_id,
        ruleset_name: event.ruleset_name,
        version: event.commit,
      });
      await queue.enqueue(`${eventId}:${workspaceId}:start`, {
        event_id: eventId,
        ruleset_id: event.ruleset_id,
        workspace_id: workspaceId,
        after: null,
      });
    }
    if (workspaces.length > 0)
      log.info(
        { eventId, rulesetId: event.ruleset_id, workspaces: workspaces.length },
        're-evaluation enqueued',
      );
    return workspaces.length;
  }

  /** A check of the sources' refs for the period `cause` (one per period, whichever replica enqueues it). */
  async checkRefs(cause: string): Promise<void> {
    const queue = await this.open();
    await queue.enqueue(`${cause}:start`, {
      event_id: cause,
      ruleset_id: null,
      workspace_id: null,
      after: null,
    });
  }

  /**
   * The ruleset's new version, kept while it is the current one (a ruleset gone since keeps nothing);
   * whether it is.
   * The approval or pin that publishes a version keeps it in its own transaction; this keeps a version
   * whose event was written before they did (a service upgraded with events still to handle).
   */
  private async keepVersion(eventId: string, event: RulesetVersionPublishedEvent): Promise<boolean> {
    try {
      const ruleset = await this.rulesets.visible(
        { requestId: `version-${eventId}`, caller: ANONYMOUS },
        event.ruleset_id,
      );
      if (ruleset.pinned_commit !== event.commit) return false;
      await this.versions.keepCurrent(this.db.pool, ruleset);
      return true;
    } catch (error) {
      if (!(error instanceof DomainError && error.code === 'NOT_FOUND')) throw error;
      return false;
    }
  }

  /** Evaluates one batch of the workspace's APIs (each once), then enqueues the rest or finishes the run. */
  private async run(job: Job<ReevaluationJob>): Promise<void> {
    const { event_id: eventId, ruleset_id: rulesetId, workspace_id: workspaceId, after } = job.data;
    if (workspaceId === null) return this.refCheckStarted(eventId);
    if (rulesetId !== null && (await this.runs.superseded(this.db.pool, eventId, workspaceId)))
      return this.superseded(eventId, workspaceId);
    const batch =
      rulesetId === null
        ? await this.apis.sourcedIn(this.db.pool, workspaceId, after, REEVALUATION_QUEUE.batch)
        : await this.profiles.apisFollowing(
            this.db.pool,
            workspaceId,
            rulesetId,
            after,
            REEVALUATION_QUEUE.batch,
          );
    const pending =
      rulesetId === null
        ? await this.runs.notDone(this.db.pool, eventId, batch)
        : await this.runs.toEvaluate(this.db.pool, eventId, batch);
    const onKept = this.recordFor(eventId, rulesetId === null);
    for (const apiId of batch.filter((id) => pending.has(id))) {
      try {
        if (rulesetId === null) await this.evaluations.reevaluateIfRefMoved(apiId, onKept);
        else await this.evaluations.reevaluate(apiId, 'ruleset_published', onKept);
      } catch (error) {
        if (error instanceof AlreadyReevaluated) continue;
        if (error instanceof Superseded) return this.superseded(eventId, workspaceId);
        if (error instanceof NotAtRunVersion) {
          log.info({ apiId, rulesetId }, 'API no longer follows the version re-evaluated');
          continue;
        }
        // The evaluator busy, or the share of it of whom the job acts for taken (their CI evaluating): the
        // fault of neither the API nor the job. The job comes back after the wait the evaluator asks for,
        // uncounted, its slot free meanwhile; counted, a few busy seconds would give the workspace's run up.
        if (error instanceof DomainError && error.retryAfter !== undefined && EVALUATOR_BUSY.has(error.code))
          throw new GiveBack(error.retryAfter * 1000, `the evaluator is busy: ${error.message}`);
        // A busy evaluator can make an API late once: the job is tried again (those done are kept), and
        // only its last delivery leaves the API out, so a lasting one does not hold the workspace's run.
        if (error instanceof RanPastTimeLimit && job.attempt < REEVALUATION_QUEUE.maxDeliver) throw error;
        const code =
          error instanceof DomainError
            ? error.code
            : error instanceof RemoteError
              ? error.payload.code
              : null;
        if (!code || !LEFT_OUT.has(code)) throw error;
        if (error instanceof RanPastTimeLimit)
          log.warn(
            { apiId, rulesetId, attempts: job.attempt },
            'API left out of the re-evaluation: its evaluation ran past the time limit at every attempt',
          );
        else log.info({ apiId, rulesetId, code }, 'API left out of the re-evaluation');
      }
      job.progress();
    }
    if (batch.length === REEVALUATION_QUEUE.batch) {
      const last = batch[batch.length - 1];
      const queue = await this.open();
      await queue.enqueue(`${eventId}:${workspaceId}:${last}`, { ...job.data, after: last });
    } else if (rulesetId !== null) await this.finish(eventId, workspaceId);
  }

  /** The ref check's first job: one job per workspace with APIs on the source host. */
  private async refCheckStarted(cause: string): Promise<void> {
    const queue = await this.open();
    for (const workspaceId of await this.apis.workspacesWithSources(this.db.pool))
      await queue.enqueue(`${cause}:${workspaceId}:start`, {
        event_id: cause,
        ruleset_id: null,
        workspace_id: workspaceId,
        after: null,
      });
  }

  /**
   * Records each API evaluated for the cause in its evaluation's transaction (the API's row locked); one
   * done already rolls back. A ref check's cause is its period, and two periods' checks overlap when an
   * evaluation outlasts GOVERNANCE_REF_CHECK_INTERVAL_MS: a move the other kept first rolls back too. A
   * version's run keeps only an evaluation made at its version while that is the ruleset's current one:
   * a newer version's evaluation (the ruleset pinned again while it ran) is that version's run's to make,
   * and announce.
   */
  private recordFor(cause: string, refCheck: boolean): OnKept {
    return async (tx, kept) => {
      if (refCheck && (await this.runs.movedAlready(tx, kept.api.id, kept.evaluationId, kept.commit)))
        throw new AlreadyReevaluated();
      if (!refCheck) {
        if (await this.runs.superseded(tx, cause, kept.api.workspace_id)) throw new Superseded();
        if (!(await this.runs.atRunVersion(tx, cause, kept.api.workspace_id, kept.evaluationId)))
          throw new NotAtRunVersion();
      }
      const recorded = await this.runs.record(tx, {
        cause,
        api_id: kept.api.id,
        workspace_id: kept.api.workspace_id,
        evaluation_id: kept.evaluationId,
        previous_conformance: kept.previousConformance,
        conformance: kept.conformance,
      });
      if (!recorded) throw new AlreadyReevaluated();
    };
  }

  /**
   * A run whose version another replaced: it ends with the news of what it evaluated at its version (each
   * change announced by the version that made it); the newer version's run evaluates the rest.
   */
  private async superseded(eventId: string, workspaceId: string): Promise<void> {
    log.info({ eventId, workspaceId }, 're-evaluation superseded by a newer version');
    await this.finish(eventId, workspaceId);
  }

  /** The run's end: news of the APIs whose conformance the version changed, once. */
  private async finish(eventId: string, workspaceId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const run = await this.runs.finish(tx, eventId, workspaceId);
      if (!run?.ruleset_id) return;
      const { apis, changed } = await this.runs.changes(tx, eventId, workspaceId);
      if (changed === 0) return;
      await this.outbox.addEvent(tx, GovernanceEvents.conformanceChanged, {
        workspace_id: workspaceId,
        ruleset_id: run.ruleset_id,
        ruleset_name: run.ruleset_name ?? '',
        version: run.version,
        changed,
        apis,
      });
    });
  }

  private open(): Promise<WorkQueue<ReevaluationJob>> {
    this.queue ??= openWorkQueue<ReevaluationJob>(this.bus, this.app, REEVALUATION_QUEUE);
    return this.queue;
  }
}
