import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serveWebApp, WEB_APP_CSP } from './web-app';

describe('the web app served at /', () => {
  let dir: string;
  let app: FastifyInstance;
  const script = `console.log(${JSON.stringify('x'.repeat(2000))});`;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'web-app-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
    app = Fastify();
    serveWebApp(app, dir);
    app.get('/api/ping', () => ({ ok: true }));
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers / and any app path with index.html, checked on every load, under a CSP of its own origin', async () => {
    for (const url of ['/', '/policies/42', '/deployments/7?x=1']) {
      const res = await app.inject({ url });
      expect([url, res.statusCode, res.body]).toEqual([url, 200, '<!doctype html><title>app</title>']);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBe(WEB_APP_CSP);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves hashed assets as immutable, gzipped when the client accepts it', async () => {
    const res = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('is a plain 404 for a missing file, never the page', async () => {
    const res = await app.inject({ url: '/assets/index-old.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('leaves /api, /health, /mcp and its metadata, and other methods, to their own routes', async () => {
    expect((await app.inject({ url: '/api/ping' })).json()).toEqual({ ok: true });
    expect((await app.inject({ url: '/api/unknown' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/health/nothing' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/mcp' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/.well-known/oauth-protected-resource/mcp' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/policies' })).statusCode).toBe(404);
  });
});
