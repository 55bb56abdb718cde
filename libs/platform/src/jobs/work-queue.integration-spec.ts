import { setTimeout as sleep } from 'node:timers/promises';
import { testEnv, uniqueBusPrefix } from '@pc/testing';
import { connect } from 'nats';
import { natsConnection } from '../messaging/bus';
import { InProcessWorkQueue } from './in-process-work-queue';
import { JetStreamWorkQueue } from './jetstream-work-queue';
import { GiveBack, type Job, type QueueWorker, type WorkQueue, type WorkQueueDefinition } from './work-queue';

type Payload = { n: number };

/** The same assertions against JetStream and the in-process queue of embedded mode. */
describe.each(['jetstream', 'in-process'] as const)('a work queue on %s', (kind) => {
  const opened: WorkQueue<Payload>[] = [];
  const workers: QueueWorker[] = [];

  async function open(definition: Partial<WorkQueueDefinition> = {}): Promise<WorkQueue<Payload>> {
    const full: WorkQueueDefinition = { name: 'test', ackWaitMs: 1000, maxDeliver: 3, ...definition };
    const queue =
      kind === 'jetstream'
        ? await JetStreamWorkQueue.open<Payload>(
            { url: testEnv().natsUrl, prefix: uniqueBusPrefix(), app: 'test' },
            full,
          )
        : new InProcessWorkQueue<Payload>(full);
    opened.push(queue);
    return queue;
  }

  async function work(queue: WorkQueue<Payload>, ...args: Parameters<WorkQueue<Payload>['process']>) {
    const worker = await queue.process(...args);
    workers.push(worker);
    return worker;
  }

  async function until(condition: () => boolean, ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await sleep(20);
    }
  }

  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    for (const queue of opened.splice(0)) {
      if (queue instanceof JetStreamWorkQueue) await queue.destroy();
      else await queue.close();
    }
  });

  it('gives each job to exactly one of several workers', async () => {
    const queue = await open();
    const seen: Array<{ n: number; worker: string }> = [];
    const handler = (worker: string) => async (job: Job<Payload>) => {
      await sleep(5);
      seen.push({ n: job.data.n, worker });
    };
    await work(queue, handler('a'), { concurrency: 2 });
    await work(queue, handler('b'), { concurrency: 2 });
    for (let n = 0; n < 30; n++) await queue.enqueue(`job-${n}`, { n });
    await until(() => seen.length >= 30);
    await sleep(300);
    expect(seen.map((s) => s.n).sort((x, y) => x - y)).toEqual([...Array(30).keys()]);
    expect(new Set(seen.map((s) => s.worker)).size).toBe(2);
    expect(await queue.depth()).toBe(0);
  });

  it('ignores a second enqueue of the same job id', async () => {
    const queue = await open();
    expect(await queue.enqueue('same', { n: 1 })).toEqual({ duplicate: false });
    expect(await queue.enqueue('same', { n: 2 })).toEqual({ duplicate: true });
    const seen: number[] = [];
    await work(queue, (job) => {
      seen.push(job.data.n);
      return Promise.resolve();
    });
    await until(() => seen.length === 1);
    await sleep(300);
    expect(seen).toEqual([1]);
  });

  it('delivers a failed job again until it succeeds, counting the attempts', async () => {
    const queue = await open();
    const attempts: number[] = [];
    let done = false;
    await work(
      queue,
      (job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) return Promise.reject(new Error('transient'));
        done = true;
        return Promise.resolve();
      },
      { retryDelayMs: () => 10 },
    );
    await queue.enqueue('flaky', { n: 1 });
    await until(() => done);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it('records a dead letter once, with the last error, after the last failed delivery', async () => {
    const queue = await open({ maxDeliver: 2 });
    const dead: Array<{ id: string; error: string; attempt: number }> = [];
    let calls = 0;
    await work(
      queue,
      () => {
        calls += 1;
        return Promise.reject(new Error(`broken ${calls}`));
      },
      {
        retryDelayMs: () => 10,
        onDeadLetter: (job, error) => {
          dead.push({ id: job.id, error: (error as Error).message, attempt: job.attempt });
          return Promise.resolve();
        },
      },
    );
    await queue.enqueue('doomed', { n: 1 });
    await until(() => dead.length === 1);
    await sleep(500);
    expect(dead).toEqual([{ id: 'doomed', error: 'broken 2', attempt: 2 }]);
    expect(calls).toBe(2);
  });

  it('delivers a job given back again later without counting the delivery, freeing the slot meanwhile', async () => {
    const queue = await open({ maxDeliver: 2 });
    const attempts: string[] = [];
    const dead: string[] = [];
    let givenBack = 0;
    await work(
      queue,
      (job) => {
        attempts.push(`${job.id}:${job.attempt}`);
        if (job.id === 'busy' && givenBack < 4) {
          givenBack += 1;
          return Promise.reject(new GiveBack(50, 'busy elsewhere'));
        }
        return Promise.resolve();
      },
      {
        onDeadLetter: (job) => {
          dead.push(job.id);
          return Promise.resolve();
        },
      },
    );
    await queue.enqueue('busy', { n: 1 });
    await until(() => attempts.includes('busy:1'));
    await queue.enqueue('other', { n: 2 });
    await until(() => attempts.includes('other:1') && givenBack === 4 && attempts.length === 6);
    await sleep(300);
    // Five deliveries of a job allowed two, all the first attempt; the other job ran in between.
    expect(attempts.filter((a) => a.startsWith('busy'))).toEqual(Array(5).fill('busy:1'));
    expect(attempts.indexOf('other:1')).toBeLessThan(attempts.lastIndexOf('busy:1'));
    expect(dead).toEqual([]);
    expect(await queue.depth()).toBe(0);
  });

  it('gives the dead letter back too: the delivery past the last comes again until it is recorded', async () => {
    const queue = await open({ maxDeliver: 2 });
    const dead: number[] = [];
    let calls = 0;
    let refused = 0;
    let lost = 0;
    // The first worker's deliveries are lost (never answered), the last one included.
    await work(
      queue,
      () => {
        lost += 1;
        return new Promise<void>(() => undefined);
      },
      { concurrency: 2 },
    );
    await queue.enqueue('lost', { n: 1 });
    await until(() => lost === 2, 8000);
    await work(
      queue,
      () => {
        calls += 1;
        return Promise.resolve();
      },
      {
        onDeadLetter: (job) => {
          if (refused < 2) {
            refused += 1;
            return Promise.reject(new GiveBack(50, 'busy elsewhere'));
          }
          dead.push(job.attempt);
          return Promise.resolve();
        },
      },
    );
    await until(() => dead.length === 1, 8000);
    await sleep(300);
    expect(refused).toBe(2);
    expect(dead).toEqual([3]);
    expect(calls).toBe(0);
    workers.splice(0, 1); // the hung worker never drains
  });

  it('gives a job pulled while the worker stops back uncounted, for another worker', async () => {
    const queue = await open();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const firstWorker: string[] = [];
    const stopping = await queue.process(
      (job) => {
        firstWorker.push(job.id);
        return gate;
      },
      { concurrency: 2 },
    );
    // One slot runs a job; the other is waiting for the next one.
    await queue.enqueue('in-hand', { n: 1 });
    await until(() => firstWorker.length === 1);
    const stopped = stopping.stop();
    await queue.enqueue('pulled-while-stopping', { n: 2 });
    release();
    await stopped;
    expect(firstWorker).toEqual(['in-hand']);

    const seen: string[] = [];
    await work(queue, (job) => {
      seen.push(`${job.id}:${job.attempt}`);
      return Promise.resolve();
    });
    await until(() => seen.length === 1);
    expect(seen).toEqual(['pulled-while-stopping:1']);
  });

  it('redelivers the job of a worker that stopped answering after the ack wait', async () => {
    const queue = await open({ ackWaitMs: 1000 });
    const finishedBy: string[] = [];
    // The first worker takes the job and never finishes it, as a killed process would.
    await work(queue, () => new Promise<void>(() => undefined));
    await queue.enqueue('orphan', { n: 1 });
    await sleep(200);
    await work(queue, (job) => {
      finishedBy.push(`second:${job.attempt}`);
      return Promise.resolve();
    });
    await until(() => finishedBy.length === 1, 8000);
    expect(finishedBy).toEqual(['second:2']);
    workers.splice(0, 1); // the hung worker never drains
  });

  it('keeps a job that reports progress from being redelivered', async () => {
    const queue = await open({ ackWaitMs: 1000 });
    const starts: number[] = [];
    let finished = 0;
    const slow = async (job: Job<Payload>) => {
      starts.push(job.attempt);
      for (let i = 0; i < 8; i++) {
        await sleep(300);
        job.progress();
      }
      finished += 1;
    };
    await work(queue, slow);
    await work(queue, slow);
    await queue.enqueue('long', { n: 1 });
    await until(() => finished === 1, 8000);
    await sleep(300);
    expect(starts).toEqual([1]);
  });

  it('stops pulling on stop and lets the job in hand finish', async () => {
    const queue = await open();
    let finished = false;
    const worker = await queue.process(async () => {
      await sleep(400);
      finished = true;
    });
    await queue.enqueue('in-hand', { n: 1 });
    await sleep(150);
    await worker.stop();
    expect(finished).toBe(true);
    await queue.enqueue('after-stop', { n: 2 });
    await sleep(300);
    expect(await queue.depth()).toBe(1);
  });
});

// NATS back without its JetStream data (a new NATS, its storage lost): the queue's stream and consumer
// are gone. Enqueues failed and the workers logged `stream not found` until the service was restarted.
describe('a work queue on JetStream that NATS lost', () => {
  it('declares its stream and consumer again: a job enqueued after the loss is worked without a restart', async () => {
    const prefix = uniqueBusPrefix();
    const queue = await JetStreamWorkQueue.open<Payload>(
      { url: testEnv().natsUrl, prefix, app: 'test' },
      { name: 'lost', ackWaitMs: 1000, maxDeliver: 3 },
    );
    const admin = await connect(natsConnection(testEnv().natsUrl, 'lost-admin'));
    const worked: number[] = [];
    const worker = await queue.process((job) => {
      worked.push(job.data.n);
      return Promise.resolve();
    });
    const until = async (condition: () => boolean) => {
      const deadline = Date.now() + 15_000;
      while (!condition() && Date.now() < deadline) await sleep(50);
    };
    try {
      await queue.enqueue('before', { n: 1 });
      await until(() => worked.length === 1);
      expect(worked).toEqual([1]);

      const jsm = await admin.jetstreamManager();
      await jsm.streams.delete(`${prefix.replace(/[^A-Za-z0-9_-]/g, '_')}JOBS_lost`);

      await queue.enqueue('after', { n: 2 });
      await until(() => worked.length === 2);
      expect(worked).toEqual([1, 2]);
    } finally {
      await worker.stop();
      await queue.destroy();
      await admin.close();
    }
  }, 60_000);
});
