import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import type { ParameterObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import type { FastifyInstance } from 'fastify';
import { stringify } from 'yaml';
import { DOWNLOADS_EXTENSION } from '../http/downloads';
import { RETRY_AFTER_HEADER } from '../http/error-body';
import { addWebhookMessages } from '../webhooks/webhook-messages.dto';

const DESCRIPTION = [
  'Community catalog of API-gateway policies and API-governance rulesets, with a review workflow and',
  'deployment to the organizations of a gateway `platform`.',
  '',
  'Authenticate with a personal access token (`Authorization: Bearer pcat_...`) or, in a browser, the',
  '`sb-access-token` session cookie. GET needs the `api:read` scope; POST, PATCH, PUT and DELETE need',
  '`api:write`, except a POST that changes nothing (evaluating a specification against rulesets),',
  'which needs only `api:read` and says so with `x-required-scope` (an extension). Every error has the',
  'body `{statusCode, error, message, details?, code?}`.',
].join('\n');

/**
 * Every tag an operation may carry, in the order the docs page shows them. An operation with a tag not
 * listed here fails `npm run openapi:check` (the linters' `operation-tag-defined`).
 */
const TAGS: ReadonlyArray<readonly [string, string]> = [
  ['auth', 'Sign-up, sign-in and sign-out of a browser session'],
  ['account', "The caller's profile, public profiles, and an administrator's view of accounts"],
  [
    'tokens',
    'Personal access tokens: created in a browser session, used as `Authorization: Bearer pcat_...`',
  ],
  [
    'policies',
    'Published policies (community and `vendor`): reading, editing, revisions, likes and versions',
  ],
  ['submissions', 'Submitting a policy for review, and its review by administrators'],
  [
    'search',
    'One search across policies and rulesets, community and `vendor`, with counts per kind, catalog and category',
  ],
  ['comments', 'Comments and replies on policies'],
  ['transfers', 'Offering a policy, idea or ruleset to another user, and answering the offer'],
  ['rulesets', 'API-governance rulesets: reading, documentation tabs, evaluation and pins'],
  ['ruleset-submissions', 'Submitting a ruleset for review, and its review by administrators'],
  ['connections', 'Encrypted credentials for a `platform` tenant, and the organizations they reach'],
  ['workspaces', 'Workspaces: members, shared connections, pins and activity'],
  ['deployments', 'Deployments of a policy or ruleset to organizations, their jobs and live logs'],
  ['rollouts', 'Roll-outs: a deployment spread over organizations in steps, with health checks and halts'],
  ['webhooks', "Webhook endpoints: the signed messages sent for the owner's events, and their deliveries"],
  [
    'governance',
    "API governance (an extension): a workspace's governed APIs, the governance profiles applying rulesets to them, every evaluation kept with its conformance, and waivers",
  ],
  ['follows', 'Following users, policies and rulesets'],
  ['audit', 'The audit log of changes, for administrators'],
  ['admin', 'Administration: users, vendors and the review queues'],
  ['health', 'Liveness and readiness of the gateway, for orchestrators'],
];

/** Personal access tokens are opaque strings (libs/platform's token-format), not JWTs. */
const TOKEN_FORMAT = 'pcat_ and 49 base62 characters (opaque, with a checksum)';

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('Policy Catalog, Ruleset Catalog and Deployment API')
    .setDescription(DESCRIPTION)
    .setVersion('1.0.0')
    .setOpenAPIVersion('3.1.0')
    .setLicense('Apache-2.0', 'https://www.apache.org/licenses/LICENSE-2.0')
    // Relative: the gateway that serves this document (embedded, compose or behind a load balancer).
    .addServer('/', 'The gateway that serves this document')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: TOKEN_FORMAT,
        description: 'Personal access token (`pcat_...`), created in a browser session',
      },
      'token',
    )
    .addCookieAuth(
      'sb-access-token',
      {
        type: 'apiKey',
        in: 'cookie',
        description:
          'Browser session (HttpOnly, SameSite=Lax, Secure over https). A request other than GET or HEAD that ' +
          'the browser marks as sent by another site or origin (`Sec-Fetch-Site: cross-site` or `same-site`) ' +
          'cannot use it: 403.',
      },
      'session',
    );
  for (const [name, description] of TAGS) builder.addTag(name, description);
  const config = builder.build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
  });
  addCommonResponses(document);
  assertSecurityStated(document);
  addWebhookMessages(document);
  // Files served beside the API (outside /api, not operations of the SDK): an extension.
  Object.assign(document, { 'x-downloads': DOWNLOADS_EXTENSION });
  return normalizeNullable(document) as OpenAPIObject;
}

const ERROR_BODY = { $ref: '#/components/schemas/ErrorBodyDto' };
const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ERROR_BODY } },
});

const WRITES = new Set(['post', 'put', 'patch', 'delete']);

/**
 * What every operation can answer whatever its controller says, added in one place so that no route
 * (and no new service) can forget them: a path id is a UUID, and a malformed id, query or body is a 400;
 * any write takes a body (even one that declares none), so a body that is not JSON is a 400 or 415 and
 * one that is too large a 413; a service that is down or slow is a 503 or 504, and a gateway that is
 * shutting down answers 503 to every request (the health endpoints too) while it drains. The health
 * endpoints get their own schemas.
 */
export function addCommonResponses(document: OpenAPIObject): void {
  document.components ??= {};
  document.components.schemas ??= {};
  Object.assign(document.components.schemas, HEALTH_SCHEMAS);
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (!operation) continue;
      const responses = operation.responses;
      const add = (status: number, description: string) => {
        responses[String(status)] ??= errorResponse(description);
      };
      // An error is JSON whatever the route produces on success (the log stream's are not events).
      for (const [status, response] of Object.entries(responses)) {
        if (/^[45]\d\d$/.test(status) && response && 'content' in response && response.content) {
          const schema = Object.values(response.content)[0]?.schema;
          response.content = { 'application/json': { schema } };
        }
      }
      // The HTTP server's own limit, for every route: its body is the common error body.
      add(431, 'The request line and headers together exceed 16 KiB');
      if (path.startsWith('/health/')) {
        const name = path === '/health/live' ? 'Liveness' : 'Readiness';
        Object.assign(operation, HEALTH_OPERATIONS[name]);
        responses['200'] = {
          description: name === 'Liveness' ? 'The process is up' : 'The database and the bus answer',
          content: { 'application/json': { schema: { $ref: `#/components/schemas/${name}` } } },
        };
        add(
          503,
          name === 'Liveness'
            ? 'The process is shutting down: it refuses new requests while it drains'
            : 'Not ready: details names each failing check (or the process is shutting down)',
        );
        continue;
      }
      const parameters = (operation.parameters ?? []) as ParameterObject[];
      for (const parameter of parameters) {
        if (parameter.in === 'path' && /^(id|[a-z]+Id)$/.test(parameter.name)) {
          parameter.schema = { type: 'string', format: 'uuid' };
        }
      }
      const write = WRITES.has(method);
      if (parameters.length > 0 || operation.requestBody || write) {
        add(400, 'Invalid request: a malformed path id, query parameter or body (details lists each)');
      }
      if (operation.requestBody || write) {
        add(413, 'The body is larger than 1 MiB');
        add(415, 'The body is not UTF-8 JSON');
      }
      // A service that is down, busy or stopping says when to try again (its database too): Retry-After.
      responses['503'] ??= {
        ...errorResponse(
          'A service this request needs is unavailable or busy, or the gateway is shutting down; try again ' +
            'later (after Retry-After, when the answer carries it)',
        ),
        headers: structuredClone(RETRY_AFTER_HEADER),
      };
      add(504, 'A service this request needs did not answer in time');
    }
  }
}

/** The health endpoints come from libs/platform (every service has them): described here. */
const HEALTH_OPERATIONS = {
  Liveness: {
    tags: ['health'],
    summary: 'Whether the gateway process is up',
    description:
      'Answers 200 while the process runs and is not draining; an orchestrator restarts the process when it ' +
      'fails. Checks no dependency: use /health/ready for that.',
    security: [],
  },
  Readiness: {
    tags: ['health'],
    summary: 'Whether the gateway can serve requests',
    description:
      'Answers 200 when the bus and every service (and its database) answer within their timeouts, else 503 ' +
      'with each check in `details`: `bus`, then per service `ok`, `database unavailable` or `no answer`, ' +
      'never the reason (which names internal addresses; the gateway logs it). A load balancer sends no ' +
      'traffic to a replica that is not ready.',
    security: [],
  },
};

/**
 * Every operation states its security: `@Public()` routes (and the health endpoints) declare none
 * (`security: []`), every other route its schemes (`@Authenticated()`, `@OptionalAuth()`...). A route
 * with neither fails here, so that the document never leaves it to the reader's guess.
 */
function assertSecurityStated(document: OpenAPIObject): void {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const operation = item[method];
      if (!operation) continue;
      // `@Public()`: its only requirement is the empty one.
      if (JSON.stringify(operation.security) === '[{}]') operation.security = [];
      if (!operation.security)
        throw new Error(
          `${method.toUpperCase()} ${path} states no security: give it @Public(), @Authenticated() or another auth decorator`,
        );
    }
  }
}

const HEALTH_SCHEMAS = {
  Liveness: {
    type: 'object',
    properties: { ok: { type: 'boolean', enum: [true] } },
    required: ['ok'],
  },
  Readiness: {
    type: 'object',
    properties: {
      ok: { type: 'boolean' },
      checks: {
        type: 'object',
        additionalProperties: { type: 'string' },
        description: '`ok`, or why the check failed, per dependency (database, bus)',
      },
    },
    required: ['ok', 'checks'],
  },
};

/**
 * OpenAPI 3.1 is JSON Schema: `nullable: true` does not exist there. Rewrites it as a `null` type
 * (or `anyOf` with a null schema around a `$ref`), and adds `null` to a nullable enum.
 */
export function normalizeNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(normalizeNullable);
  if (typeof node !== 'object' || node === null) return node;
  const entries = Object.entries(node as Record<string, unknown>).map(
    ([k, v]) => [k, normalizeNullable(v)] as const,
  );
  const schema: Record<string, unknown> = Object.fromEntries(entries);
  if (schema.nullable !== true) return schema;
  delete schema.nullable;
  if (typeof schema.$ref === 'string') {
    const { $ref, ...rest } = schema;
    return { ...rest, anyOf: [{ $ref }, { type: 'null' }] };
  }
  // A nullable nested DTO: Nest writes `{type: object, allOf: [{$ref}]}`.
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) {
    const { allOf, type: _type, ...rest } = schema;
    return { ...rest, anyOf: [allOf[0], { type: 'null' }] };
  }
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  if (Array.isArray(schema.enum) && !schema.enum.includes(null))
    schema.enum = [...(schema.enum as unknown[]), null];
  return schema;
}

const ASSETS = ['swagger-ui.css', 'swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js'] as const;

/**
 * `GET /api/openapi.json`, `GET /api/openapi.yaml` and the docs page at `/api/docs`. The texts are
 * made on the first request for each and kept; the docs page's assets are read from disk when asked
 * for (an idle gateway keeps none of them in memory).
 */
export function serveOpenApi(fastify: FastifyInstance, document: () => OpenAPIObject): void {
  let json: string | undefined;
  let yaml: string | undefined;
  fastify.get('/api/openapi.json', (_req, reply) =>
    reply.type('application/json').send((json ??= JSON.stringify(document(), null, 2))),
  );
  fastify.get('/api/openapi.yaml', (_req, reply) =>
    reply.type('application/yaml').send((yaml ??= stringify(document()))),
  );
  // The assets' directory without `require('swagger-ui-dist')`, whose index loads and runs the 1.5 MB
  // browser bundle in this process: 20 MB of resident memory for files the gateway only sends.
  const assetDir = path.dirname(require.resolve('swagger-ui-dist/package.json'));
  fastify.get<{ Params: { file: string } }>('/api/docs/:file', async (req, reply) => {
    const name = ASSETS.find((asset) => asset === req.params.file);
    if (!name)
      return reply.status(404).send({ statusCode: 404, error: 'Not Found', message: 'No such file' });
    const asset = await readFile(path.join(assetDir, name));
    return reply.type(name.endsWith('.css') ? 'text/css' : 'application/javascript').send(asset);
  });
  fastify.get('/api/docs', (_req, reply) => reply.type('text/html').send(DOCS_PAGE));
}

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Policy Catalog API</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css"></head>
<body><div id="ui"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/swagger-ui-standalone-preset.js"></script>
<script>window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#ui', presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' });</script>
</body></html>`;
