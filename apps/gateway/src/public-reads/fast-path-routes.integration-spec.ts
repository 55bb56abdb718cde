import { Controller, Get, Param, ParseIntPipe, ParseUUIDPipe, type Type, UseGuards } from '@nestjs/common';
import {
  EXCEPTION_FILTERS_METADATA,
  GUARDS_METADATA,
  INTERCEPTORS_METADATA,
  METHOD_METADATA,
  PATH_METADATA,
  PIPES_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common/enums/request-method.enum';
import { ApplicationConfig, ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { CatalogRpc, RulesetsRpc } from '@pc/contracts';
import { AUDIT_SPEC } from '../audit/audited';
import { AUTH_MODE, OptionalAuth, READS_ONLY } from '../auth/auth.decorators';
import { RateLimitGuard } from '../http/rate-limit';
import { gatewayUnderTest } from '../testing/gateway-under-test';
import { FAST_PATH_PIPELINE, FAST_PATH_ROUTES, type FastPathRoute } from './fast-path-routes';

/** A guard, interceptor, pipe or filter: a class, or an instance of one. */
type Enhancer = object;

/** The class of an enhancer given as a class or as an instance. */
function classOf(enhancer: Enhancer): Type {
  return (typeof enhancer === 'function' ? enhancer : enhancer.constructor) as Type;
}

function namesOf(enhancers: readonly Enhancer[]): string[] {
  return enhancers.map((enhancer) => classOf(enhancer).name);
}

/** Enhancers not in `allowed` (by class). */
function unexpected(enhancers: readonly Enhancer[], allowed: readonly Type[]): string[] {
  return namesOf(enhancers.filter((enhancer) => !allowed.includes(classOf(enhancer))));
}

/** The application's global guards, interceptors, pipes and filters (instances or classes). */
function globalsOf(app: NestFastifyApplication) {
  const config = app.get(ApplicationConfig);
  return {
    guards: [...config.getGlobalGuards(), ...config.getGlobalRequestGuards().map((w) => w.metatype as Type)],
    interceptors: [
      ...config.getGlobalInterceptors(),
      ...config.getGlobalRequestInterceptors().map((w) => w.metatype as Type),
    ],
    pipes: [...config.getGlobalPipes(), ...config.getGlobalRequestPipes().map((w) => w.metatype as Type)],
    filters: [
      ...config.getGlobalFilters(),
      ...config.getGlobalRequestFilters().map((w) => w.metatype as Type),
    ],
  };
}

/**
 * What keeps `routes` from being answered by the fast path as Nest would answer them: a guard,
 * interceptor, pipe or filter (global, on the controller, on the handler or on a parameter) that
 * `FAST_PATH_PIPELINE` does not name, an auth mode other than optional, an audit, a route that is
 * not a GET of the declared path. Empty when the fast path is honest.
 */
function dishonesty(
  app: NestFastifyApplication,
  routes: readonly FastPathRoute[],
  extra: Type[] = [],
): string[] {
  const problems: string[] = [];
  const config = app.get(ApplicationConfig);
  const globals = globalsOf(app);
  for (const kind of ['guards', 'interceptors', 'pipes', 'filters'] as const) {
    for (const name of unexpected(globals[kind], FAST_PATH_PIPELINE[kind])) {
      problems.push(`global ${kind}: ${name} is not run by the fast path`);
    }
  }
  const controllers = [
    ...[...app.get(ModulesContainer).values()].flatMap((module) =>
      [...module.controllers.values()].map((wrapper) => wrapper.metatype as Type),
    ),
    ...extra,
  ];
  const prefix = config.getGlobalPrefix();
  for (const route of routes) {
    const where = `${route.path} (${route.controller}.${route.handler})`;
    const controller = controllers.find((type) => type.name === route.controller);
    const handler = controller?.prototype[route.handler] as ((...args: unknown[]) => unknown) | undefined;
    if (!controller || !handler) {
      problems.push(`${where}: no such handler`);
      continue;
    }
    const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
    const path = [
      '',
      prefix,
      Reflect.getMetadata(PATH_METADATA, controller),
      Reflect.getMetadata(PATH_METADATA, handler),
    ]
      .map((part: string) => part.replace(/^\/+|\/+$/g, ''))
      .filter(Boolean)
      .join('/');
    if (method !== RequestMethod.GET) problems.push(`${where}: not a GET`);
    if (`/${path}` !== route.path) problems.push(`${where}: routed at /${path}`);
    for (const [key, kind] of [
      [GUARDS_METADATA, 'guard'],
      [INTERCEPTORS_METADATA, 'interceptor'],
      [PIPES_METADATA, 'pipe'],
      [EXCEPTION_FILTERS_METADATA, 'filter'],
    ] as const) {
      const own = [
        ...((Reflect.getMetadata(key, controller) as Enhancer[] | undefined) ?? []),
        ...((Reflect.getMetadata(key, handler) as Enhancer[] | undefined) ?? []),
      ];
      for (const name of namesOf(own)) problems.push(`${where}: ${kind} ${name} is not run by the fast path`);
    }
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, route.handler) ?? {}) as Record<
      string,
      { pipes?: Enhancer[] }
    >;
    const parameterPipes = Object.values(args).flatMap((arg) => arg.pipes ?? []);
    for (const name of unexpected(parameterPipes, FAST_PATH_PIPELINE.pipes)) {
      problems.push(`${where}: parameter pipe ${name} is not run by the fast path`);
    }
    const mode = Reflect.getMetadata(AUTH_MODE, handler) ?? Reflect.getMetadata(AUTH_MODE, controller);
    if (mode !== 'optional')
      problems.push(`${where}: auth mode ${String(mode)}, the fast path checks optional`);
    if (Reflect.getMetadata(READS_ONLY, handler) !== undefined) problems.push(`${where}: marked reads-only`);
    if (Reflect.getMetadata(AUDIT_SPEC, handler) !== undefined) problems.push(`${where}: audited`);
  }
  return problems;
}

/** A controller that looks like a fast-path route but gained what the fast path does not run. */
@Controller()
class GrownController {
  @Get('grown/:id')
  @OptionalAuth()
  @UseGuards(RateLimitGuard)
  guarded(@Param('id', ParseUUIDPipe) id: string) {
    return id;
  }

  @Get('grown/:id/count')
  @OptionalAuth()
  piped(@Param('id', ParseIntPipe) id: number) {
    return id;
  }
}

/**
 * The fast path (public-reads.ts) answers the declared routes' later GETs without Nest's pipeline:
 * honest only while each route and the application have nothing in that pipeline it does not do itself.
 */
describe('the fast path of public reads: its declared routes', () => {
  const gateway = gatewayUnderTest([CatalogRpc.getPolicy, RulesetsRpc.get]);

  it('serves only routes whose guards, interceptors, pipes and filters (theirs and global) it runs itself', () => {
    const globals = globalsOf(gateway.application);
    expect({
      guards: namesOf(globals.guards),
      interceptors: namesOf(globals.interceptors),
      pipes: namesOf(globals.pipes),
      filters: namesOf(globals.filters),
    }).toEqual({
      guards: ['AuthGuard'],
      interceptors: ['AuditRecorder'],
      pipes: ['ValidationPipe'],
      filters: ['HttpErrorFilter'],
    });
    expect(dishonesty(gateway.application, FAST_PATH_ROUTES)).toEqual([]);
  });

  it('fails a route that gained a guard or a pipe, and a route that is not a public GET', () => {
    const routes: FastPathRoute[] = [
      { path: '/api/grown/:id', controller: 'GrownController', handler: 'guarded' },
      { path: '/api/grown/:id/count', controller: 'GrownController', handler: 'piped' },
      { path: '/api/policies/:id', controller: 'PoliciesController', handler: 'update' },
      { path: '/api/policies/:id/branches', controller: 'PoliciesController', handler: 'branches' },
    ];
    expect(dishonesty(gateway.application, routes, [GrownController])).toEqual([
      '/api/grown/:id (GrownController.guarded): guard RateLimitGuard is not run by the fast path',
      '/api/grown/:id/count (GrownController.piped): parameter pipe ParseIntPipe is not run by the fast path',
      '/api/policies/:id (PoliciesController.update): not a GET',
      '/api/policies/:id (PoliciesController.update): auth mode required, the fast path checks optional',
      '/api/policies/:id (PoliciesController.update): audited',
      '/api/policies/:id/branches (PoliciesController.branches): guard RateLimitGuard is not run by the fast path',
      '/api/policies/:id/branches (PoliciesController.branches): auth mode required, the fast path checks optional',
    ]);
  });
});
