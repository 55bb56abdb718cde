import { definitionAssetId, implementationAssetId } from './asset-ids';

describe("a policy deployment's registry asset ids", () => {
  it('names the definition by the slug and the implementation beside it, as two assets', () => {
    expect(definitionAssetId('rate-guard')).toBe('rate-guard');
    expect(implementationAssetId('rate-guard')).toBe('rate-guard-implementation');
  });
});
