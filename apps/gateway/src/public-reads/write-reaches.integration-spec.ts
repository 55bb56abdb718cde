import { CatalogRpc } from '@pc/contracts';
import type { HTTPMethods } from 'fastify';
import { gatewayUnderTest } from '../testing/gateway-under-test';
import { reachOfWrite, WRITE_REACHES } from './write-reaches';

const WRITES: HTTPMethods[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** The declared reaches of writes name routes the gateway has: a renamed route cannot silently widen. */
describe('how far the writes under one item show (declared routes)', () => {
  const gateway = gatewayUnderTest([CatalogRpc.getPolicy]);

  it('names only write routes of the gateway', () => {
    const fastify = gateway.application.getHttpAdapter().getInstance();
    const missing = [...WRITE_REACHES.keys()].filter(
      (url) => !WRITES.some((method) => fastify.hasRoute({ method, url })),
    );
    expect(missing).toEqual([]);
  });

  it('takes a route it does not name, or none, as showing in every list', () => {
    expect(reachOfWrite('/api/policies/:id/like')).toBe('rows');
    expect(reachOfWrite('/api/policies/:id/comments')).toBe('item');
    expect(reachOfWrite('/api/policies/:id')).toBe('lists');
    expect(reachOfWrite(undefined)).toBe('lists');
  });
});
