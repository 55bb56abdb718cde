import { aliasNestedSpecification, ASYNC, OAS3, RAML } from '@pc/testing';
import { nodesAddedByAliases } from './yaml-expansion';

describe('the nodes YAML aliases add to a specification', () => {
  it('counts an alias as the nodes its anchor stands for, nested anchors multiplied', () => {
    const once = 'a: &x {b: 1, c: [1, 2]}\nd: *x\n';
    // {b: 1, c: [1, 2]}: the map, two pairs, two keys, 1, the list and its two items: 9 for the alias's 1.
    expect(nodesAddedByAliases(once, 1000)).toBe(9 - 1);
    const twice = 'a: &x [1, 2]\nb: &y [*x, *x]\nc: *y\n';
    // x is 3 nodes; each of b's two aliases of it adds 2; c stands for all 7 nodes of b for its 1.
    expect(nodesAddedByAliases(twice, 1000)).toBe(2 + 2 + (7 - 1));
  });

  it('adds nothing for documents without aliases, JSON among them', () => {
    for (const text of [OAS3, ASYNC, RAML, JSON.stringify({ openapi: '3.0.0', info: { title: '*' } })])
      expect(nodesAddedByAliases(text, 1000)).toBe(0);
  });

  it('stops past the limit at once on a kilobyte that stands for a million nodes', () => {
    const nested = aliasNestedSpecification(6, 10);
    expect(nested.length).toBeLessThan(1300);
    expect(nodesAddedByAliases(nested, 5000)).toBe(5001);
    expect(nodesAddedByAliases(aliasNestedSpecification(2, 10), 5000)).toBeLessThanOrEqual(5000);
  });

  it('counts an alias to the node that holds it (a cycle) once', () => {
    expect(nodesAddedByAliases('a: &x [1, *x]\n', 1000)).toBeLessThan(10);
  });
});
