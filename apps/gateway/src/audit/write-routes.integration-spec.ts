import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { gatewayUnderTest } from '../testing/gateway-under-test';
import { AUDIT_EXEMPT } from './audit-exempt';
import { AUDIT_SPEC } from './audited';

interface WriteRoute {
  route: string;
  audited: boolean;
}

const WRITES = new Map<number, string>([
  [RequestMethod.POST, 'POST'],
  [RequestMethod.PUT, 'PUT'],
  [RequestMethod.PATCH, 'PATCH'],
  [RequestMethod.DELETE, 'DELETE'],
]);

describe('audit coverage (every write route of the gateway)', () => {
  const gateway = gatewayUnderTest([]);

  /** Every POST, PUT, PATCH and DELETE in the gateway's route table, and whether it records an entry. */
  function writeRoutes(): WriteRoute[] {
    const routes: WriteRoute[] = [];
    for (const module of gateway.nest.get(ModulesContainer).values()) {
      for (const wrapper of module.controllers.values()) {
        const controller = wrapper.metatype as { prototype: Record<string, unknown> } | null;
        if (!controller) continue;
        const base = ([Reflect.getMetadata(PATH_METADATA, controller) ?? ''] as string[]).flat()[0];
        for (const name of Object.getOwnPropertyNames(controller.prototype)) {
          const handler = controller.prototype[name];
          if (name === 'constructor' || typeof handler !== 'function') continue;
          const method = WRITES.get(Reflect.getMetadata(METHOD_METADATA, handler) as number);
          if (!method) continue;
          for (const path of ([Reflect.getMetadata(PATH_METADATA, handler) ?? ''] as string[]).flat()) {
            const url = ['/api', base, path]
              .map((part) => part.replace(/^\/+|\/+$/g, ''))
              .filter(Boolean)
              .join('/')
              .replace(/:([A-Za-z]+)/g, '{$1}');
            routes.push({ route: `${method} /${url}`, audited: Reflect.hasMetadata(AUDIT_SPEC, handler) });
          }
        }
      }
    }
    return routes.sort((a, b) => a.route.localeCompare(b.route));
  }

  it('records every write route, or names it in the exemption list with a reason', () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(50);
    const unaccounted = routes.filter((r) => !r.audited && !(r.route in AUDIT_EXEMPT)).map((r) => r.route);
    expect(unaccounted).toEqual([]);
  });

  it('keeps the exemption list true: each entry is a write route that records nothing, with a reason', () => {
    const routes = new Map(writeRoutes().map((r) => [r.route, r.audited]));
    for (const [route, reason] of Object.entries(AUDIT_EXEMPT)) {
      expect([route, routes.get(route)]).toEqual([route, false]);
      expect(reason.length).toBeGreaterThan(10);
    }
  });
});
