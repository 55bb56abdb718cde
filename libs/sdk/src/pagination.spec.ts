import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OPERATIONS } from './generated/operations';
import { PAGES } from './pagination';

interface Operation {
  operationId: string;
  parameters?: Array<{ in: string; name: string }>;
  responses: Record<string, { content?: Record<string, unknown> }>;
}
const document = JSON.parse(
  readFileSync(path.join(__dirname, '..', '..', '..', 'docs', 'openapi.json'), 'utf8'),
) as { paths: Record<string, Record<string, Operation>> };
const operations = Object.values(document.paths).flatMap((item) => Object.values(item));

describe('the SDK against the committed document', () => {
  it('has a typed call for every operation of the document, and none that is not', () => {
    expect(Object.keys(OPERATIONS).sort()).toEqual(operations.map((o) => o.operationId).sort());
  });

  it('pages every JSON list that takes a cursor, an offset or a `before`', () => {
    const paged = operations
      .filter((o) =>
        o.parameters?.some((p) => p.in === 'query' && ['cursor', 'offset', 'before'].includes(p.name)),
      )
      .filter((o) => o.responses['200']?.content?.['application/json'])
      .map((o) => o.operationId)
      .sort();
    expect(Object.keys(PAGES).sort()).toEqual(paged);
    for (const [op, paging] of Object.entries(PAGES)) {
      const operation = operations.find((o) => o.operationId === op)!;
      expect(operation.parameters!.map((p) => p.name)).toContain(paging.param);
    }
  });
});
