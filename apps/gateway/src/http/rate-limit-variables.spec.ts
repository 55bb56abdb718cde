import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { InProcessBroker, loadEnv, setLogLevel } from '@pc/platform';
import { createGateway } from '../gateway.app';
import { GatewayEnv } from '../gateway.env';
import { type RateLimitedAction, rateLimitedActionOf } from './rate-limit';

/** The variable that sets each budget (`RateLimits`). */
const VARIABLES: Record<RateLimitedAction, keyof GatewayEnv> = {
  signup: 'RATE_LIMIT_SIGNUPS_PER_HOUR',
  validation: 'RATE_LIMIT_VALIDATIONS_PER_MINUTE',
  branches: 'RATE_LIMIT_BRANCH_LISTINGS_PER_MINUTE',
  download: 'RATE_LIMIT_DOWNLOADS_PER_MINUTE',
  submission: 'RATE_LIMIT_SUBMISSIONS_PER_HOUR',
  credentialCheck: 'RATE_LIMIT_CREDENTIAL_CHECKS_PER_MINUTE',
  evaluation: 'RATE_LIMIT_EVALUATIONS_PER_MINUTE',
  webhookSend: 'RATE_LIMIT_WEBHOOK_SENDS_PER_MINUTE',
  refresh: 'RATE_LIMIT_REFRESHES_PER_MINUTE',
};

/**
 * A budget's variable whose doc comment (and so docs/configuration.md, made from it) names the routes
 * that count against the budget names every one of them, as `METHOD /api/path`: a route given the budget
 * later is not left out of what the operator reads.
 */
describe('the rate-limit variables and the routes they bound', () => {
  let routes: Map<RateLimitedAction, string[]>;

  beforeAll(async () => {
    setLogLevel('error');
    const { app } = await createGateway(loadEnv(GatewayEnv, { LOG_LEVEL: 'error' }), {
      kind: 'in-process',
      broker: new InProcessBroker(),
      prefix: '',
      timeoutMs: 1000,
    });
    routes = rateLimitedRoutes(app.get(ModulesContainer));
    await app.close();
  });

  it('names every route that counts against a budget where its variable names routes', () => {
    const source = readFileSync(path.join(__dirname, '..', 'gateway.env.ts'), 'utf8');
    const unnamed: string[] = [];
    let checked = 0;
    for (const [action, variable] of Object.entries(VARIABLES)) {
      const comment = docComment(source, variable);
      if (!comment.includes('/api/')) continue;
      checked++;
      for (const route of routes.get(action as RateLimitedAction) ?? []) {
        if (!comment.includes(`\`${route}\``)) unnamed.push(`${variable}: ${route}`);
      }
    }
    expect(unnamed).toEqual([]);
    expect(checked).toBeGreaterThan(0);
  });
});

/** `METHOD /api/path` (parameters as `{name}`) of every route with a budget, by budget. */
function rateLimitedRoutes(modules: ModulesContainer): Map<RateLimitedAction, string[]> {
  const found = new Map<RateLimitedAction, string[]>();
  for (const module of modules.values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new () => unknown) | null;
      if (!controller) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function') continue;
        const action = rateLimitedActionOf(handler);
        if (!action) continue;
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod];
        const route = [
          'api',
          Reflect.getMetadata(PATH_METADATA, controller),
          Reflect.getMetadata(PATH_METADATA, handler),
        ]
          .map((part: string) => part.replace(/^\/+|\/+$/g, ''))
          .filter(Boolean)
          .join('/')
          .replace(/:([A-Za-z]+)/g, '{$1}');
        found.set(action, [...(found.get(action) ?? []), `${method} /${route}`]);
      }
    }
  }
  return found;
}

/** The doc comment on `variable` in the configuration class's source, on one line. */
function docComment(source: string, variable: string): string {
  const declared = source.indexOf(`  ${variable}:`);
  const end = source.lastIndexOf('*/', declared);
  const start = source.lastIndexOf('/**', end);
  if (declared < 0 || start < 0) throw new Error(`${variable} has no doc comment in gateway.env.ts`);
  return source
    .slice(start + 3, end)
    .replace(/\n\s*\*/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
