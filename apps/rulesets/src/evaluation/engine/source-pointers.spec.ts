import { OAS2, OAS3, RAML } from '@pc/testing';
import { SourcePointers } from './source-pointers';

describe('SourcePointers', () => {
  it('names the member at a line and column by its JSON pointer, in YAML, JSON and RAML alike', () => {
    const pointers = new SourcePointers({ 'api.yaml': OAS3, 'api.json': OAS2, 'api.raml': RAML });
    expect(pointers.pointerAt('api.yaml', 13, 5)).toBe('#/paths/~1pets/post');
    expect(pointers.pointerAt('api.yaml', 8, 20)).toBe('#/paths/~1pets/get/operationId');
    expect(pointers.pointerAt('api.json', 6, 7)).toBe('#/paths/~1pets/get');
    expect(pointers.pointerAt('api.raml', 4, 3)).toBe('#/~1pets/get');
    expect(pointers.pointerAt('api.yaml', 1, 1)).toBe('#/openapi');
  });

  it('escapes ~ and / and percent-encodes what a URI fragment cannot hold; items of lists by index', () => {
    const text =
      'paths:\n  /pets/{id}~x:\n    get:\n      tags: [a, b]\n      parameters:\n        - name: id\n          in: path\n';
    const pointers = new SourcePointers({ 'api.yaml': text });
    expect(pointers.pointerAt('api.yaml', 3, 5)).toBe('#/paths/~1pets~1%7Bid%7D~0x/get');
    expect(pointers.pointerAt('api.yaml', 4, 17)).toBe('#/paths/~1pets~1%7Bid%7D~0x/get/tags/1');
    expect(pointers.pointerAt('api.yaml', 7, 11)).toBe('#/paths/~1pets~1%7Bid%7D~0x/get/parameters/0/in');
  });

  it('has no pointer without a location, for a file it was not given or a line past the end', () => {
    const pointers = new SourcePointers({ 'api.yaml': OAS3 });
    expect(pointers.pointerAt(null, 1, 1)).toBeNull();
    expect(pointers.pointerAt('api.yaml', null, null)).toBeNull();
    expect(pointers.pointerAt('other.yaml', 1, 1)).toBeNull();
    expect(pointers.pointerAt('constructor', 1, 1)).toBeNull();
    expect(pointers.pointerAt('api.yaml', 500, 1)).toBeNull();
  });
});
