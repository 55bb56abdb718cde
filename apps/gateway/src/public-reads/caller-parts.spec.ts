import { withLikes } from './caller-parts';

const bytes = (value: unknown) => Buffer.from(JSON.stringify(value));
const policy = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: `Policy ${id}`,
  description: 'Says "liked":false in its text',
  liked: false,
  likes: 3,
  ...extra,
});

describe("withLikes: the caller's likes spliced into a shared answer", () => {
  it('sets liked on the items the caller likes only, leaving every other byte as it was', () => {
    const shared = bytes({ policies: [policy('a'), policy('b'), policy('c')], hasMore: false });
    const mine = withLikes(shared, 'policies', new Set(['a', 'c', 'elsewhere']))!;
    const answer = JSON.parse(mine.toString()) as { policies: Array<{ id: string; liked: boolean }> };
    expect(answer).toEqual({
      policies: [policy('a', { liked: true }), policy('b'), policy('c', { liked: true })],
      hasMore: false,
    });
    // The shared bytes are untouched; a caller who likes none of them gets them as they are.
    expect(JSON.parse(shared.toString())).toEqual({
      policies: [policy('a'), policy('b'), policy('c')],
      hasMore: false,
    });
    expect(withLikes(shared, 'policies', new Set())).toBe(shared);
  });

  it('sets liked on one policy read', () => {
    const shared = bytes({ policy: policy('a') });
    expect(JSON.parse(withLikes(shared, 'policy', new Set(['a']))!.toString())).toEqual({
      policy: policy('a', { liked: true }),
    });
  });

  it('refuses an answer that is not an anonymous one: an item already liked, or a liked key elsewhere', () => {
    expect(withLikes(bytes({ policy: policy('a', { liked: true }) }), 'policy', new Set(['a']))).toBeNull();
    const nested = bytes({ policy: policy('a', { pin: { liked: false } }) });
    expect(withLikes(nested, 'policy', new Set(['a']))).toBeNull();
  });

  it('leaves answers without likes as they are: vendor summaries, docs', () => {
    const vendor = bytes({ policies: [{ source: 'vendor', slug: 'x', name: 'X' }], hasMore: false });
    expect(withLikes(vendor, 'policies', new Set(['x']))).toBe(vendor);
    const docs = bytes({ tabs: [], canEdit: false });
    expect(withLikes(docs, undefined, new Set(['a']))).toBe(docs);
  });
});
