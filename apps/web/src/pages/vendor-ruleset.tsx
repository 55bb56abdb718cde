import { api, ok } from '../api/client';
import { renderMarkdown } from '../markdown';
import { useSession } from '../session';
import { Markdown } from '../tabs';
import { TryOnYourApi } from '../try-api';
import { Badge, ErrorMessage, Loading, Page, useAsync } from '../ui';

export default function VendorRulesetPage({ params }: { params: Record<string, string> }) {
  const slug = params.slug;
  const { user } = useSession();
  const ruleset = useAsync(
    () => ok(api.GET('/api/vendor-rulesets/{slug}', { params: { path: { slug } } })),
    [slug],
  );
  if (ruleset.loading)
    return (
      <Page title="Vendor ruleset">
        <Loading />
      </Page>
    );
  if (!ruleset.data)
    return (
      <Page title="Vendor ruleset">
        <ErrorMessage error={ruleset.error} retry={ruleset.reload} />
      </Page>
    );
  const r = ruleset.data.ruleset;
  return (
    <Page title={r.name}>
      <p className="lead">{r.summary}</p>
      <p className="meta">
        <Badge tone="info">vendor</Badge> {r.category ?? ''} · {r.target_scopes.join(', ')}
      </p>
      <Markdown html={renderMarkdown(r.body_md)} />
      <TryOnYourApi ruleset={{ slug }} signedIn={Boolean(user)} evaluable={r.evaluable} />
    </Page>
  );
}
