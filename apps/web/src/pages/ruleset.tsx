// A ruleset: its documentation tabs and rule names, like, its tested examples and the try-out form on
// an API of the user's. The page around them is the listing page both kinds share (listing-page.tsx);
// this file holds what is the ruleset's own.
import { api, ok, type Schemas } from '../api/client';
import { ListingPage, type ListingPageKind } from '../listing-page';
import { TestedExamples } from '../tested-examples';
import { TryOnYourApi } from '../try-api';
import { Badge, severityCounts, StatusBadge } from '../ui/display';

type Ruleset = Schemas['RulesetDto'];

const RULESET: ListingPageKind<Ruleset> = {
  kind: 'ruleset',
  title: 'Ruleset',
  base: 'rulesets',
  load: async (id) => (await ok(api.GET('/api/rulesets/{id}', { params: { path: { id } } }))).ruleset,
  docs: (id) => ok(api.GET('/api/rulesets/{id}/docs', { params: { path: { id } } })),
  like: (id) => ok(api.POST('/api/rulesets/{id}/like', { params: { path: { id } } })),
  following: (id) => ok(api.GET('/api/rulesets/{id}/follow', { params: { path: { id } } })),
  follow: (id, on) => {
    const path = { params: { path: { id } } };
    return on
      ? ok(api.PUT('/api/rulesets/{id}/follow', path))
      : ok(api.DELETE('/api/rulesets/{id}/follow', path));
  },
  published: (ruleset) => ruleset.published_at !== null,
  likable: () => true,
  sourceUrl: (ruleset) => ruleset.source_url,
  sourceLabel: 'Source',
  pin: (ruleset) => ruleset.pin,
  update: 'the owner submits an update',
  Facts: ({ listing: ruleset }) => (
    <p className="meta">
      <StatusBadge status={ruleset.lifecycle_status} /> {ruleset.category} ·{' '}
      {ruleset.target_scopes.map((s) => (
        <Badge key={s}>{s}</Badge>
      ))}{' '}
      · {severityCounts(ruleset.rule_counts)}
      {ruleset.owner_name ? ` · by ${ruleset.owner_name}` : ''}
    </p>
  ),
  // The profile's rule names, beside the documentation's own `rules` tab.
  tabs: (ruleset) => [
    {
      key: 'rule-names',
      title: 'Rule names',
      render: () => (
        <ul>
          {ruleset.rule_names.map((n) => (
            <li key={n}>
              <code>{n}</code>
            </li>
          ))}
        </ul>
      ),
    },
  ],
  owner: { title: 'Transfer' },
  transfer: (id, body) => ok(api.POST('/api/rulesets/{id}/transfers', { params: { path: { id } }, body })),
  After: ({ listing: ruleset, signedIn }) => (
    <>
      <TestedExamples check={ruleset.engine_check} />
      <TryOnYourApi
        ruleset={{ id: ruleset.id }}
        signedIn={signedIn}
        evaluable={ruleset.engine_check?.evaluable ?? true}
      />
    </>
  ),
};

export default function RulesetPage({ params }: { params: Record<string, string> }) {
  return <ListingPage kind={RULESET} id={params.id} />;
}
