import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SandboxControl } from '@pc/sandbox';
import {
  cookieFrom,
  createTestDatabase,
  HttpClient,
  type RequestOptions,
  systemSubjects,
  type TestDatabase,
  testEnv,
  uniqueBusPrefix,
} from '@pc/testing';
import { connect, type NatsConnection } from 'nats';
import { Client } from 'pg';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const ROOT = path.join(__dirname, '..', '..', '..');
const ADMIN = { email: 'root@example.com', password: 'admin-password-1' };

interface Started {
  child: ChildProcess;
  api: string;
  sandbox: string;
  exited: Promise<void>;
}

/**
 * `npm start` in a child process, on the run's NATS (under a prefix of its own) and a test database, with
 * every log level on. Its whole output is kept.
 */
function startEmbedded(env: Record<string, string>, output: string[]): Promise<Started> {
  const child = spawn(process.execPath, ['-r', './tools/register.js', 'apps/embedded/src/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(
      () => reject(new Error(`npm start did not come up:\n${text.slice(-3000)}`)),
      90_000,
    );
    const onData = (chunk: Buffer): void => {
      const s = chunk.toString('utf8');
      output.push(s);
      text += s;
      const api = /API:\s+(\S+)\/api/.exec(text);
      const sandbox = /Sandbox \(local stand-ins for the external systems\): (\S+)/.exec(text);
      if (api && sandbox) {
        clearTimeout(timer);
        resolve({ child, api: api[1], sandbox: sandbox[1], exited });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${text.slice(-3000)}`));
    });
  });
}

describe('a full run of connections and workspaces never lets a client secret out', () => {
  const secret = `cs-${randomBytes(16).toString('hex')}`;
  const wrongSecret = `wrong-${randomBytes(16).toString('hex')}`;
  const clientId = `client-${randomBytes(4).toString('hex')}`;
  const output: string[] = [];
  const responses: string[] = [];
  const busMessages: Array<{ subject: string; data: string }> = [];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pc-secrets-'));
  const prefix = uniqueBusPrefix();
  let db: TestDatabase;
  let nc: NatsConnection;
  let started: Started | undefined;

  const env = (): Record<string, string> => ({
    PORT: '0',
    SANDBOX_PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    NATS_URL: testEnv().natsUrl,
    BUS_SUBJECT_PREFIX: prefix,
    LOG_LEVEL: 'trace',
    BOOTSTRAP_ADMIN_EMAIL: ADMIN.email,
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    CONNECTIONS_ENCRYPTION_KEYS: '',
  });

  beforeAll(async () => {
    db = await createTestDatabase();
    nc = await connect({ servers: testEnv().natsUrl });
    const decoder = new TextDecoder();
    for (const subject of systemSubjects(prefix))
      nc.subscribe(subject, {
        callback: (_err, msg) =>
          void busMessages.push({ subject: msg.subject, data: decoder.decode(msg.data) }),
      });
    await nc.flush();
  }, 30_000);

  afterAll(async () => {
    if (started) {
      started.child.kill('SIGTERM');
      await started.exited;
    }
    await nc?.close();
    await db?.drop();
  });

  /** Every response of the run, body and headers, is kept for the final check. */
  function recorded(http: HttpClient): HttpClient {
    const request = http.request.bind(http);
    http.request = (async (method: string, p: string, options?: RequestOptions) => {
      const res = await request(method, p, options);
      responses.push(
        `${method} ${p} ${res.status} ${JSON.stringify([...res.headers.entries()])} ${res.text}`,
      );
      return res;
    }) as HttpClient['request'];
    return http;
  }

  async function user(
    http: HttpClient,
    name: string,
  ): Promise<{ id: string; token: string; username: string }> {
    const email = `${name}-${Date.now()}@example.com`;
    const signup = await http.post<Json>('/api/auth/signup', { email, password: 'password123', name });
    const cookie = cookieFrom(signup, 'sb-access-token')!;
    const username = `${name}${Date.now().toString(36)}`;
    await http.patch('/api/me', { username }, { cookie });
    const token = await http.post<Json>(
      '/api/tokens',
      { name: 't', scopes: ['api:read', 'api:write'] },
      { cookie },
    );
    return { id: signup.body.user.id, token: token.body.token, username };
  }

  it('keeps it out of every response, log line and bus message to another service', async () => {
    started = await startEmbedded(env(), output);
    const http = recorded(new HttpClient(started.api));
    const control = new SandboxControl(started.sandbox);
    await control.addTenant({
      clientId,
      clientSecret: secret,
      organizations: [
        { id: 'org-root-0001', name: 'Secret Corp' },
        { id: 'org-team-0002', name: 'Team', parentId: 'org-root-0001' },
      ],
    });
    const owner = await user(http, 'owner');
    const member = await user(http, 'member');
    const creds = { host: 'us', clientId, clientSecret: secret, organizationId: 'org-root-0001' };

    expect((await http.post<Json>('/api/connections/validate', creds, { token: owner.token })).body.ok).toBe(
      true,
    );
    const bad = await http.post<Json>(
      '/api/connections/validate',
      { ...creds, clientSecret: wrongSecret },
      { token: owner.token },
    );
    expect(bad.body.code).toBe('invalid_credentials');
    const created = await http.post<Json>(
      '/api/connections',
      { name: 'Secret', ...creds },
      { token: owner.token },
    );
    expect(created.body.validation.ok).toBe(true);
    const id = created.body.connection.id as string;
    await http.post('/api/connections', { name: 'x', ...creds }, { token: owner.token }); // 400: name too short
    await http.post(
      '/api/connections',
      { name: 'Blocked', ...creds, host: 'custom', customDomain: 'https://10.0.0.1' },
      { token: owner.token },
    );
    await http.patch(`/api/connections/${id}`, { clientSecret: secret }, { token: owner.token }); // 400: all or none
    await http.patch(
      `/api/connections/${id}`,
      { clientId, clientSecret: wrongSecret, organizationId: 'org-root-0001' },
      { token: owner.token },
    );
    await http.patch(
      `/api/connections/${id}`,
      { clientId, clientSecret: secret, organizationId: 'org-team-0002' },
      { token: owner.token },
    );
    await http.get(`/api/connections/${id}`, { token: owner.token });
    await http.get('/api/connections', { token: owner.token });
    expect((await http.get(`/api/connections/${id}/orgs`, { token: owner.token })).status).toBe(200);
    await http.post(`/api/connections/${id}/sync`, {}, { token: owner.token });
    await http.get(`/api/connections/${id}/impact`, { token: owner.token });
    const ws = (await http.post<Json>('/api/workspaces', { name: 'Secret team' }, { token: owner.token }))
      .body.workspace.id;
    await http.post(
      `/api/workspaces/${ws}/members`,
      { username: member.username, role: 'member' },
      { token: owner.token },
    );
    await http.post(`/api/workspaces/${ws}/connections`, { connection_id: id }, { token: owner.token });
    await http.get(`/api/workspaces/${ws}`, { token: member.token });
    expect((await http.get(`/api/connections/${id}/orgs`, { token: member.token })).status).toBe(200);
    await http.get(`/api/connections/${id}`, { token: member.token });
    await http.patch(
      `/api/connections/${id}`,
      { clientId, clientSecret: secret, organizationId: 'org-root-0001' },
      { token: member.token },
    );
    await http.get(`/api/connections/${id}/workspaces`, { token: owner.token });
    await http.get('/api/openapi.json');

    // The key embedded mode generated is kept in DATA_DIR, readable by its owner only (its reuse by a
    // restart: data-dir-keys.spec.ts).
    expect(statSync(path.join(dataDir, 'connections-encryption-keys')).mode & 0o777).toBe(0o600);
    await http.delete(`/api/connections/${id}`, { token: owner.token });

    await new Promise((r) => setTimeout(r, 300));
    for (const s of [secret, wrongSecret]) {
      expect(responses.filter((r) => r.includes(s))).toEqual([]);
      expect(output.join('').includes(s)).toBe(false);
      // The secret reaches the connections service from the gateway (as a password reaches identity) and
      // goes nowhere else: no reply, no message to any other service.
      const carrying = busMessages.filter((m) => m.data.includes(s)).map((m) => m.subject);
      expect(carrying.length).toBeGreaterThan(0);
      const allowed = ['create', 'update', 'validate'].map(
        (op) => `${prefix}connections.connection.${op}.v1`,
      );
      expect(carrying.filter((subject) => !allowed.includes(subject))).toEqual([]);
    }
    expect(output.join('').length).toBeGreaterThan(1000);
    expect(responses.length).toBeGreaterThan(25);
    expect(busMessages.length).toBeGreaterThan(50);
    expect(busMessages.some((m) => m.subject.startsWith('_INBOX_'))).toBe(true);

    const pg = new Client({ connectionString: db.url });
    await pg.connect();
    try {
      const { rows } = await pg.query(
        `SELECT count(*)::int AS n FROM connections.connections c WHERE row_to_json(c)::text LIKE '%' || $1 || '%'
            OR position(convert_to($1, 'UTF8') in coalesce(secret_ciphertext, ''::bytea)) > 0`,
        [secret],
      );
      expect(rows[0].n).toBe(0);
    } finally {
      await pg.end();
    }
  }, 240_000);
});
