import { CONTENT_CHANGE_ITEMS_MAX, type ContentChangedEvent, type EventDescriptor } from '@pc/contracts';
import type { BusClient } from '@pc/platform';
import { waitFor } from './processes';

/** What the rules need of a kind's service under test. */
export interface ItemChangeSubject {
  bus: () => BusClient;
  /** The service's broadcast of committed content changes. */
  event: EventDescriptor<ContentChangedEvent>;
  /** Inserts `count` published items in one statement; their ids. */
  insertItems: (count: number) => Promise<string[]>;
  /** A like of `itemId` by a new user (a row of another table than the items'). */
  like: (itemId: string) => Promise<void>;
  /** A change of the item's own row. */
  rename: (itemId: string, name: string) => Promise<void>;
  /** A change of the item's like count alone (its own row). */
  count: (itemId: string) => Promise<void>;
}

/**
 * The content changes a kind's service announces (its schema's triggers, relayed to the bus), written
 * once and run for every kind: a write confined to some items names them and how far it shows, a write
 * of more items than an event names is a change of any content.
 */
export function itemChangeRules(subject: () => ItemChangeSubject): void {
  const heard: ContentChangedEvent[] = [];
  beforeAll(async () => {
    await subject()
      .bus()
      .subscribeBroadcast(subject().event, (data) => void heard.push(data));
  });
  const naming = (items: string[]) =>
    waitFor(
      () => heard.some((event) => items.every((item) => event.items?.includes(item))),
      10_000,
      `a change naming ${items.join(', ')}`,
    );

  it('names the item a write touched, in its own row and in a row of another table', async () => {
    const s = subject();
    const [x, y] = await s.insertItems(2);
    await naming([x, y]);
    await s.rename(x, 'Renamed Item');
    await s.like(y);
    await naming([x]);
    await naming([y]);
    const named = heard.filter((event) => event.items?.includes(x) || event.items?.includes(y));
    expect(named.every((event) => event.items!.length <= 2)).toBe(true);
  });

  it("says how far a change shows: a like's own row nowhere else, a count in the item's rows, a name in every list", async () => {
    const s = subject();
    const [x] = await s.insertItems(1);
    await naming([x]);
    const reachesOf = async (write: () => Promise<void>) => {
      const before = heard.length;
      await write();
      await waitFor(() => heard.slice(before).some((e) => e.items?.includes(x)), 10_000, `a change of ${x}`);
      // One statement, one notification: what follows it within a moment is of other writes.
      await new Promise((resolve) => setTimeout(resolve, 100));
      return heard
        .slice(before)
        .filter((e) => e.items?.includes(x))
        .map((e) => e.reach ?? 'lists');
    };
    expect(await reachesOf(() => s.like(x))).toEqual(['item']);
    expect(await reachesOf(() => s.count(x))).toEqual(['rows']);
    expect(await reachesOf(() => s.rename(x, 'Renamed Again'))).toEqual(['lists']);
  });

  it(`announces a write of more than ${CONTENT_CHANGE_ITEMS_MAX} items as a change of any content`, async () => {
    const s = subject();
    const before = heard.length;
    const ids = await s.insertItems(CONTENT_CHANGE_ITEMS_MAX + 1);
    await waitFor(
      () => heard.slice(before).some((event) => event.items === undefined),
      10_000,
      'a change of any content',
    );
    expect(heard.slice(before).some((event) => ids.some((id) => event.items?.includes(id)))).toBe(false);
  });
}
