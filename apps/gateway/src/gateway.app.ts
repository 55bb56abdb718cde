import path from 'node:path';
import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  type BusConfig,
  createLogger,
  ForwardedJson,
  jsonTextOf,
  PinoNestLogger,
  listenForSignals,
} from '@pc/platform';
import { GatewayEnv } from './gateway.env';
import { GatewayModule } from './gateway.module';
import { applyBodyLimits, BODY_LIMIT_BYTES } from './http/body-limit';
import { HttpErrorFilter } from './http/http-error.filter';
import { registerJsonBodyParser } from './http/json-body';
import { parseTrustProxy } from './http/trust-proxy';
import { createValidationPipe } from './http/validation';
import { serveDownloads } from './http/downloads';
import { serveWebApp } from './http/web-app';
import { buildOpenApiDocument, serveOpenApi } from './openapi/openapi';
import { PublicReads } from './public-reads/public-reads';

export interface Gateway {
  app: NestFastifyApplication;
  /** Built on first use (the first request for it, or here), then kept. */
  readonly document: OpenAPIObject;
}

const accessLog = createLogger('access');

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The HTTP edge, configured but not yet listening. `exitOnSignal`: running alone, the process exits 0
 * once a signal has closed it (SHUTDOWN_ALONE).
 */
export async function createGateway(
  env: GatewayEnv,
  bus: BusConfig,
  options: {
    exitOnSignal?: boolean;
    /** How the OpenAPI document is made (default: built from this gateway's controllers). */
    openApiDocument?: (app: NestFastifyApplication) => OpenAPIObject;
  } = {},
): Promise<Gateway> {
  const adapter = new FastifyAdapter({
    trustProxy: parseTrustProxy(env.TRUST_PROXY) ?? false,
    bodyLimit: BODY_LIMIT_BYTES,
    // Router errors (an over-long path parameter, a malformed URL) get the common error body too.
    frameworkErrors: (error: Error, _request: FastifyRequest, reply: FastifyReply) => {
      void reply.status(400).send({ statusCode: 400, error: 'Bad Request', message: routerMessage(error) });
    },
    genReqId: (req: { headers: Record<string, string | string[] | undefined> }) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.register(env, bus), adapter, {
    logger: new PinoNestLogger(),
    bodyParser: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // A route that carries a specification of up to 5 MiB says so (`BodyLimit`): its body may be larger.
  applyBodyLimits(fastify);
  await app.register(fastifyCookie);
  registerJsonBodyParser(fastify);
  app.get(PublicReads).register(fastify);
  if (env.WEB_DIR) serveWebApp(fastify, env.WEB_DIR);
  serveDownloads(fastify, path.resolve('dist', 'packages'));
  // A service's answer is sent on in the JSON it arrived in, not serialized a second time (a forwarded
  // one as its UTF-8 bytes, never decoded to a string and encoded again). Fastify sends a Buffer from
  // the serializer as it is (its type says string).
  fastify.setReplySerializer(
    (payload) =>
      (payload instanceof ForwardedJson
        ? payload.body()
        : (jsonTextOf(payload) ?? JSON.stringify(payload))) as unknown as string,
  );
  fastify.addHook('onSend', (request, reply, payload, done) => {
    void reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api')) applyApiHeaders(request.url, reply);
    done(null, payload);
  });
  // One access-log line per request, with its request id (never headers or bodies).
  fastify.addHook('onResponse', (request, reply, done) => {
    accessLog.info(
      {
        requestId: request.id,
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    done();
  });
  app.setGlobalPrefix('api', { exclude: ['health/live', 'health/ready'] });
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new HttpErrorFilter());
  listenForSignals(app, options.exitOnSignal);
  await app.init();
  // The document is built when it is first asked for, not at start: building it and its JSON and
  // YAML texts kept 10 MB of an idle gateway's memory for a page few requests ever read (issue 11).
  let document: OpenAPIObject | undefined;
  const build = options.openApiDocument ?? buildOpenApiDocument;
  const documentOf = () => (document ??= build(app));
  serveOpenApi(fastify, documentOf);
  return {
    app,
    get document() {
      return documentOf();
    },
  };
}

/**
 * Every /api answer: never stored by a shared or browser cache (tokens, profiles and private policies
 * pass here), never content-sniffed; the docs page is never framed (clickjacking).
 */
function applyApiHeaders(url: string, reply: FastifyReply): void {
  void reply.header('x-content-type-options', 'nosniff');
  // Public reads say otherwise (public-reads.ts): revalidated when anonymous, never stored when not.
  if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
  if (url === '/api/docs' || url.startsWith('/api/docs?')) {
    void reply.header('x-frame-options', 'DENY');
    void reply.header('content-security-policy', "frame-ancestors 'none'");
  }
}

/** Router errors name the problem without echoing the (possibly huge) path back. */
function routerMessage(error: Error): string {
  const code = (error as { code?: string }).code;
  if (code === 'FST_ERR_MAX_PARAM_LENGTH') return 'A path parameter is too long';
  if (code === 'FST_ERR_BAD_URL') return 'The URL is malformed';
  return 'The request could not be routed';
}
