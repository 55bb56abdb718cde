import { api, ok } from '../api/client';
import { renderMarkdown } from '../markdown';
import { Markdown } from '../tabs';
import { Badge, ErrorMessage, Loading, Page, useAsync } from '../ui';

export default function VendorPolicyPage({ params }: { params: Record<string, string> }) {
  const slug = params.slug;
  const policy = useAsync(
    () => ok(api.GET('/api/vendor-policies/{slug}', { params: { path: { slug } } })),
    [slug],
  );
  if (policy.loading)
    return (
      <Page title="Vendor policy">
        <Loading />
      </Page>
    );
  if (!policy.data)
    return (
      <Page title="Vendor policy">
        <ErrorMessage error={policy.error} retry={policy.reload} />
      </Page>
    );
  const p = policy.data.policy;
  return (
    <Page title={p.name}>
      <p className="lead">{p.summary}</p>
      <p className="meta">
        <Badge tone="info">vendor</Badge> {p.direction} {p.category ? `· ${p.category}` : ''}
      </p>
      <Markdown html={renderMarkdown(p.body_md)} />
    </Page>
  );
}
