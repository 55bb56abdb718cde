import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { generateSigningKeyEntry } from '@pc/platform';
import { type HttpResponse, type SseEvent, sseEvents } from '@pc/testing';
import { ConnectionsWorld, type Json, type Tenant, type TestUser } from './connections-e2e';

const ROOT = path.join(__dirname, '..', '..', '..', '..');

export type { Json, SseEvent, Tenant, TestUser };

/** What `deployer()` answers: a user with a tenant, a connection to it and their personal workspace. */
export interface Deployer {
  user: TestUser;
  tenant: Tenant;
  connectionId: string;
  workspaceId: string;
}

/** Connections' world plus what a deployment needs: a deployable policy, a connection, a workspace. */
export class DeploymentsWorld extends ConnectionsWorld {
  private n = 0;
  private readonly appProcesses: ChildProcess[] = [];

  /**
   * A deployment-worker process of its own on this world's NATS and database (started as `npm start`
   * starts apps, from the TypeScript sources), once it pulls jobs. Its environment is only what it
   * needs (PATH, the sandbox's adapters, the bus, the database, a signing key of its own) plus `env`:
   * nothing of the test process's, so a build that reads the worker's environment finds only these.
   * Killed by `stop()` if still running. Answers the process and what it logged until then.
   */
  startWorkerProcess(env: Record<string, string> = {}): Promise<{ process: ChildProcess; startup: string }> {
    return this.startAppProcess('apps/deployment-worker/src/main.ts', 'deployment worker pulling jobs', {
      ...this.sandbox.adapterEnv,
      DATABASE_URL: this.db.url,
      LOG_LEVEL: 'info',
      PROVENANCE_SIGNING_KEYS: generateSigningKeyEntry('worker-process'),
      ...env,
    });
  }

  /**
   * An app's process of its own (`main`, from the TypeScript sources) on this world's NATS, with PATH,
   * the bus and `env` alone, once it logged `ready`. Killed by `stop()` if still running.
   */
  protected startAppProcess(
    main: string,
    ready: string,
    env: Record<string, string | undefined>,
  ): Promise<{ process: ChildProcess; startup: string }> {
    const bus = this.bus;
    if (bus.kind !== 'nats') throw new Error('a process of its own needs the world on NATS');
    const child = spawn(process.execPath, ['-r', './tools/register.js', main], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        NATS_URL: bus.url,
        BUS_SUBJECT_PREFIX: bus.prefix,
        PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.appProcesses.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`${main} did not start: ${out}`)), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes(ready)) {
          clearTimeout(timer);
          resolve({ process: child, startup: out });
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${main} exited (${String(code)}): ${out}`));
      });
    });
  }

  override async stop(): Promise<void> {
    for (const p of this.appProcesses) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    await super.stop();
  }

  /** A policy (under review, so visible to its owner) in a repository of its own. */
  async newDeployablePolicy(
    owner: TestUser,
    branches: Record<string, Record<string, string>> = {},
    /** More files in the repository (a build script). */
    extraFiles: Record<string, string> = {},
  ): Promise<{ id: string; repo: string; submissionId: string }> {
    const name = `policy-${++this.n}-${randomBytes(3).toString('hex')}`;
    const { webUrl } = await this.control.createRepository({
      owner: 'community',
      name,
      files: {
        'definition/gcl.yaml':
          'apiVersion: gateway.vendor/v1alpha1\nkind: Extension\nmetadata:\n  name: rate-guard\n  labels:\n' +
          '    title: Rate Guard\n    category: Security\nspec:\n  properties: {}\n',
        'Cargo.toml': '[package]\nname = "rate_guard"\nversion = "2.1.0"\n\n[dependencies]\npdk = "1.4.0"\n',
        'src/lib.rs': '// the filter\n',
        ...extraFiles,
      },
      branches,
    });
    const submission = await this.submit(owner, '/api/submissions', {
      name: `Rate Guard ${this.n} ${randomBytes(2).toString('hex')}`,
      description: 'Limits requests per client so that one client cannot starve the others.',
      sourceHostUrl: webUrl,
    });
    return { id: submission.policyId as string, repo: name, submissionId: submission.id as string };
  }

  /**
   * A ruleset (under review, so visible to its owner) in a repository of its own: a profile, registry.json
   * (asset id `<assetId>`, no version unless given) and an icon; tag `v1.4.0` on the same content.
   */
  async newDeployableRuleset(
    owner: TestUser,
    options: {
      assetId?: string;
      registryVersion?: string;
      files?: Record<string, string>;
      /** The ruleset file registry.json names (default ruleset.yaml; `.spectral.yaml` for a Spectral one). */
      main?: string;
    } = {},
  ): Promise<{ id: string; repo: string; assetId: string; submissionId: string }> {
    const name = `ruleset-${++this.n}-${randomBytes(3).toString('hex')}`;
    const assetId = options.assetId ?? `rules-${randomBytes(4).toString('hex')}`;
    const files = {
      'ruleset.yaml':
        '#%Validation Profile 1.0\nprofile: Payments API Rules\ndescription: What every payments API must do.\n' +
        'violation:\n  - operations-are-secured\nwarning:\n  - operations-have-descriptions\nvalidations:\n' +
        '  operations-are-secured:\n    message: Secure every operation.\n    targetClass: apiContract.Operation\n    propertyConstraints:\n      core.name:\n        minCount: 1\n' +
        '  operations-have-descriptions:\n    message: Describe operations.\n    targetClass: apiContract.Operation\n    propertyConstraints:\n      core.name:\n        minCount: 1\n',
      'registry.json': JSON.stringify({
        assetId,
        name: 'Payments API Rules',
        description: 'What every payments API must do.',
        main: options.main ?? 'ruleset.yaml',
        ...(options.registryVersion ? { version: options.registryVersion } : {}),
      }),
      'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      ...options.files,
    };
    const { webUrl } = await this.control.createRepository({
      owner: 'governance',
      name,
      files,
      tags: { 'v1.4.0': {} },
    });
    const submission = await this.submit(owner, '/api/ruleset-submissions', {
      name: `Payments Rules ${this.n} ${randomBytes(2).toString('hex')}`,
      description: 'What every payments API must do, checked on every API description.',
      repoUrl: webUrl,
    });
    return {
      id: submission.ruleset_id as string,
      repo: name,
      assetId,
      submissionId: submission.id as string,
    };
  }

  /** `owner` submits `fields` to `route`, answered 201: the submission. */
  private async submit(owner: TestUser, route: string, fields: Json): Promise<Json> {
    const res = await this.http.post<Json>(route, fields, { token: owner.token });
    if (res.status !== 201) throw new Error(`POST ${route} answered ${res.status}: ${res.text}`);
    return res.body.submission as Json;
  }

  /** A user with a tenant, a connection to it and their personal workspace. */
  async deployer(): Promise<Deployer> {
    const user = await this.newUser();
    const { id: connectionId, tenant } = await this.newConnection(user);
    const workspaceId = await this.newWorkspace(user);
    return { user, tenant, connectionId, workspaceId };
  }

  /**
   * `d` deploys `policyId` through their connection and workspace to their tenant's payments organization
   * (`fields` add to the body or replace any of it: a version, publish, other targets): the answer of
   * POST /api/deployments.
   */
  deployPolicy(d: Deployer, policyId: string, fields: Json = {}): Promise<HttpResponse<Json>> {
    return this.deploy(d, { policyId }, fields);
  }

  /** As `deployPolicy`, for the ruleset `rulesetId`. */
  deployRuleset(d: Deployer, rulesetId: string, fields: Json = {}): Promise<HttpResponse<Json>> {
    return this.deploy(d, { assetType: 'ruleset', rulesetId }, fields);
  }

  private deploy(d: Deployer, asset: Json, fields: Json): Promise<HttpResponse<Json>> {
    return this.http.post<Json>(
      '/api/deployments',
      {
        ...asset,
        connectionId: d.connectionId,
        workspaceId: d.workspaceId,
        targetOrganizationIds: [d.tenant.paymentsId],
        ...fields,
      },
      { token: d.user.token },
    );
  }

  /** As `deployPolicy`, answered 201: the id of the (first target's) deployment. */
  async deployedPolicy(d: Deployer, policyId: string, fields: Json = {}): Promise<string> {
    const res = await this.deployPolicy(d, policyId, fields);
    if (res.status !== 201) throw new Error(`deployment ${res.status} ${res.text}`);
    return res.body.results[0].deployment.id as string;
  }

  /**
   * Polls the deployment until its status is not queued or running: at once, then 100 ms later, each
   * wait half as long again as the one before, up to 500 ms. Each poll is a whole GET through the gateway,
   * the bus, the service and PostgreSQL (about 5 ms of CPU): every 100 ms, the builds that take seconds
   * (a hostile build runs into its limits) made 200 to 350 polls a file.
   */
  async settled(token: string, id: string, timeoutMs = 20_000): Promise<Json> {
    const until = Date.now() + timeoutMs;
    for (let wait = 100; ; wait = Math.min(wait * 1.5, 500)) {
      const res = await this.http.get<Json>(`/api/deployments/${id}`, { token });
      if (res.status !== 200) throw new Error(`get deployment ${res.status} ${res.text}`);
      if (!['queued', 'running'].includes(res.body.deployment.status)) return res.body.deployment;
      if (Date.now() > until) throw new Error(`deployment ${id} still ${res.body.deployment.status}`);
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  /**
   * Reads a deployment's log stream to its end (or until `stopAfter` log events, or a log line for which
   * `until` is true), as a client would.
   */
  readStream(
    token: string,
    id: string,
    options: {
      lastEventId?: string;
      stopAfter?: number;
      until?: (text: string) => boolean;
      baseUrl?: string;
    } = {},
  ): Promise<{ status: number; contentType: string | null; events: SseEvent[]; comments: number }> {
    return this.readEvents(`/api/deployments/${id}/logs`, token, options);
  }

  /** Reads a roll-out's event stream to its end, as a client would. */
  readRolloutStream(
    token: string,
    id: string,
    options: { lastEventId?: string; baseUrl?: string } = {},
  ): Promise<{ status: number; contentType: string | null; events: SseEvent[]; comments: number }> {
    return this.readEvents(`/api/rollouts/${id}/events`, token, options);
  }

  private async readEvents(
    path: string,
    token: string,
    options: {
      lastEventId?: string;
      stopAfter?: number;
      until?: (text: string) => boolean;
      baseUrl?: string;
    },
  ): Promise<{ status: number; contentType: string | null; events: SseEvent[]; comments: number }> {
    const controller = new AbortController();
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'text/event-stream' };
    if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
    const response = await fetch(new URL(path, options.baseUrl ?? this.http.baseUrl), {
      headers,
      signal: controller.signal,
    });
    const events: SseEvent[] = [];
    let comments = 0;
    if (!response.ok || !response.body) {
      return { status: response.status, contentType: response.headers.get('content-type'), events, comments };
    }
    try {
      for await (const { event } of sseEvents(response.body, () => comments++)) {
        events.push(event);
        const enough =
          options.stopAfter !== undefined &&
          events.filter((e) => e.event === 'log').length >= options.stopAfter;
        const found =
          options.until !== undefined &&
          event.event === 'log' &&
          options.until((JSON.parse(event.data) as { text: string }).text);
        if (enough || found) {
          controller.abort();
          break;
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
    return { status: response.status, contentType: response.headers.get('content-type'), events, comments };
  }
}
