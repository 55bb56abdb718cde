import { ParseUUIDPipe, ValidationPipe } from '@nestjs/common';
import { AuditRecorder } from '../audit/audit-recorder';
import { AuthGuard } from '../auth/auth.guard';
import { HttpErrorFilter } from '../http/http-error.filter';
import type { ListingKind } from '@pc/contracts';
import type { LikedIn } from './caller-parts';

/** A GET route whose later requests the fast path answers before routing (`PublicReads.register`). */
export interface FastPathRoute {
  /** The route as Fastify matches it (`request.routeOptions.url`), with the global prefix. */
  path: string;
  /** The controller class's name and its handler method: where the route's Nest metadata is read. */
  controller: string;
  handler: string;
  /**
   * How a signed-in caller's answer is made from the shared (anonymous) one, when it may be: it is
   * theirs but for their likes (`likedIn`: where the liked items are) unless they own the item
   * (`item`: the route's `:id`) or, for a list, own an unpublished one (`list`); `kind` is the kind
   * of the items the answer holds (`any`: a search of every kind). Absent: a signed-in caller's read
   * always goes to the service.
   */
  signedIn?: { kind: ListingKind | 'any'; shares: 'item' | 'list'; likedIn?: LikedIn };
}

/**
 * The routes the fast path serves: nothing else is ever answered without Nest's pipeline. A route
 * here must be `@OptionalAuth()`, not `@Audited`, and have no guard, interceptor, pipe or filter of its
 * own but the parameter pipes of `FAST_PATH_PIPELINE` (fast-path-routes.spec.ts checks each route's
 * metadata and the global ones against it).
 */
export const FAST_PATH_ROUTES: readonly FastPathRoute[] = [
  {
    path: '/api/policies',
    controller: 'PoliciesController',
    handler: 'list',
    signedIn: { kind: 'policy', shares: 'list', likedIn: 'policies' },
  },
  {
    path: '/api/policies/:id',
    controller: 'PoliciesController',
    handler: 'get',
    signedIn: { kind: 'policy', shares: 'item', likedIn: 'policy' },
  },
  {
    path: '/api/policies/:id/docs',
    controller: 'PoliciesController',
    handler: 'docs',
    signedIn: { kind: 'policy', shares: 'item' },
  },
  {
    path: '/api/policies/:id/history',
    controller: 'PoliciesController',
    handler: 'history',
    signedIn: { kind: 'policy', shares: 'item' },
  },
  {
    path: '/api/rulesets',
    controller: 'RulesetsController',
    handler: 'list',
    signedIn: { kind: 'ruleset', shares: 'list', likedIn: 'rulesets' },
  },
  {
    path: '/api/rulesets/:id',
    controller: 'RulesetsController',
    handler: 'get',
    signedIn: { kind: 'ruleset', shares: 'item', likedIn: 'ruleset' },
  },
  {
    path: '/api/rulesets/:id/docs',
    controller: 'RulesetDocsController',
    handler: 'get',
    signedIn: { kind: 'ruleset', shares: 'item' },
  },
  {
    path: '/api/search',
    controller: 'SearchController',
    handler: 'search',
    signedIn: { kind: 'any', shares: 'list' },
  },
];

export const FAST_PATHS: ReadonlyMap<string, FastPathRoute> = new Map(
  FAST_PATH_ROUTES.map((route) => [route.path, route]),
);

/**
 * Everything of Nest's pipeline a fast-path route may meet, and what the fast path does instead. A
 * guard, interceptor, pipe or filter not named here (global or on one of the routes) fails the check.
 */
export const FAST_PATH_PIPELINE = {
  /** The global guard: the fast path calls its `callerOf(request, 'optional')`, the check it makes. */
  guards: [AuthGuard],
  /** The global interceptor records `@Audited` routes only (none of these): nothing to do. */
  interceptors: [AuditRecorder],
  /**
   * The global DTO validation and the id's UUID check: they turned the URL into the bus message once
   * (the read plan), which depends on nothing but the URL; a URL they refuse is never planned.
   */
  pipes: [ValidationPipe, ParseUUIDPipe],
  /** The global error filter: the fast path renders errors with the same `toErrorBody`. */
  filters: [HttpErrorFilter],
} as const;
