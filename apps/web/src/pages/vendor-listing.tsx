// A vendor item's page (/vendor-policies/:slug, /vendor-rulesets/:slug): its name, summary, catalog line
// and Markdown body, read by slug from the vendor index; a ruleset adds its try-out form. Written once: a
// kind says where its item is read and what its catalog line and extra part show.
import type { ReactNode } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { renderMarkdown } from '../markdown';
import { useSession } from '../session';
import { Markdown } from '../tabs';
import { TryOnYourApi } from '../try-api';
import { useAsync } from '../ui/async';
import { Badge } from '../ui/display';
import { Page, PendingPage } from '../ui/page';

interface VendorItem {
  name: string;
  summary: string;
  body_md: string;
}

/** A kind's vendor item: `V` as the API answers it. */
interface VendorKind<V extends VendorItem> {
  /** The page's title while the item loads or when it cannot be read. */
  title: string;
  load(slug: string): Promise<V>;
  /** The catalog line after the vendor badge. */
  meta(item: V): string;
  /** What follows the body (the ruleset's try-out form). */
  extra?(item: V, slug: string, signedIn: boolean): ReactNode;
}

const POLICIES: VendorKind<Schemas['VendorPolicyDto']> = {
  title: 'Vendor policy',
  load: async (slug) =>
    (await ok(api.GET('/api/vendor-policies/{slug}', { params: { path: { slug } } }))).policy,
  meta: (policy) => `${policy.direction} ${policy.category ? `· ${policy.category}` : ''}`,
};

const RULESETS: VendorKind<Schemas['VendorRulesetDto']> = {
  title: 'Vendor ruleset',
  load: async (slug) =>
    (await ok(api.GET('/api/vendor-rulesets/{slug}', { params: { path: { slug } } }))).ruleset,
  meta: (ruleset) => `${ruleset.category ?? ''} · ${ruleset.target_scopes.join(', ')}`,
  extra: (ruleset, slug, signedIn) => (
    <TryOnYourApi ruleset={{ slug }} signedIn={signedIn} evaluable={ruleset.evaluable} />
  ),
};

function VendorListing<V extends VendorItem>({ kind, slug }: { kind: VendorKind<V>; slug: string }) {
  const { user } = useSession();
  const item = useAsync(() => kind.load(slug), [kind, slug]);
  if (item.loading || !item.data) return <PendingPage title={kind.title} state={item} />;
  return (
    <Page title={item.data.name}>
      <p className="lead">{item.data.summary}</p>
      <p className="meta">
        <Badge tone="info">vendor</Badge> {kind.meta(item.data)}
      </p>
      <Markdown html={renderMarkdown(item.data.body_md)} />
      {kind.extra?.(item.data, slug, Boolean(user))}
    </Page>
  );
}

type Params = { params: Record<string, string> };
export const VendorPolicy = ({ params }: Params) => <VendorListing kind={POLICIES} slug={params.slug} />;
export const VendorRuleset = ({ params }: Params) => <VendorListing kind={RULESETS} slug={params.slug} />;
