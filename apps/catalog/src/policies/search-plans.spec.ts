import { type PolicyListRow, type PolicySearch, SearchPlans, searchPolicies } from './policies.repository';

const search = (q: string): PolicySearch => ({
  viewerId: null,
  q,
  sort: 'alpha',
  order: 'asc',
  limit: 2,
  offset: 0,
});

/** Runs the statements a search makes against a table where `matches` rows match, and records which ran. */
function table(matches: number) {
  const plans: string[] = [];
  const run = (sql: string): Promise<PolicyListRow[]> => {
    const walk = sql.includes(' AS hit ');
    plans.push(walk ? 'walk' : 'bitmap');
    // The walk reads the first rows of the order: a rare word has none of its matches there.
    const found = walk ? (matches > 100 ? matches : 0) : matches;
    return Promise.resolve(
      Array.from({ length: Math.min(found, 3) }, (_, i) => ({ id: `${i}` }) as PolicyListRow),
    );
  };
  return { plans, run };
}

describe('the search plan, chosen by the query', () => {
  it('sends a rare word to the search indexes at once once it has been seen, without walking the order', async () => {
    const plans = new SearchPlans();
    const { plans: ran, run } = table(1);
    await searchPolicies(search('quokka'), run, plans);
    expect(ran).toEqual(['walk', 'bitmap']);
    ran.length = 0;
    await searchPolicies(search('Quokka '), run, plans);
    expect(ran).toEqual(['bitmap']);
  });

  it('keeps walking the order for a common word (its first rows fill the page)', async () => {
    const plans = new SearchPlans();
    const { plans: ran, run } = table(30_000);
    await searchPolicies(search('traffic'), run, plans);
    await searchPolicies(search('traffic'), run, plans);
    expect(ran).toEqual(['walk', 'walk']);
  });

  it('walks again when the indexes answer a full page (the word became common)', async () => {
    const plans = new SearchPlans();
    plans.learn(search('gateway'), 'bitmap');
    const { plans: ran, run } = table(30_000);
    await searchPolicies(search('gateway'), run, plans);
    await searchPolicies(search('gateway'), run, plans);
    expect(ran).toEqual(['bitmap', 'walk']);
  });

  it('learns per query and filters: the same word in another category starts from the walk', () => {
    const plans = new SearchPlans();
    plans.learn(search('quokka'), 'bitmap');
    expect(plans.first(search('quokka'))).toBe('bitmap');
    expect(plans.first({ ...search('quokka'), category: 'Security' })).toBe('walk');
  });
});
