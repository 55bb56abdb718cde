import { useMemo } from 'react';
import { api, ok } from '../api/client';
import { renderMarkdown } from '../markdown';
import { Adoption } from '../adoption';
import { ReviewPin } from '../review-pin';
import { Link } from '../router';
import { useSession } from '../session';
import { Markdown, Tabs } from '../tabs';
import { TestedExamples } from '../tested-examples';
import { TryOnYourApi } from '../try-api';
import { Badge, ErrorMessage, Loading, Page, severityCounts, StatusBadge, useAction, useAsync } from '../ui';

export default function RulesetPage({ params }: { params: Record<string, string> }) {
  const id = params.id;
  const { user } = useSession();
  const ruleset = useAsync(() => ok(api.GET('/api/rulesets/{id}', { params: { path: { id } } })), [id]);
  const docs = useAsync(() => ok(api.GET('/api/rulesets/{id}/docs', { params: { path: { id } } })), [id]);
  const like = useAction(async () => {
    const r = ruleset.data!.ruleset;
    const { liked } = await ok(api.POST('/api/rulesets/{id}/like', { params: { path: { id } } }));
    ruleset.set({ ruleset: { ...r, liked, likes: r.likes + (liked === r.liked ? 0 : liked ? 1 : -1) } });
  });
  const tabs = useMemo(
    () => [
      // A tab the author left blank (the predefined ones are kept empty) is not shown.
      ...(docs.data?.tabs ?? [])
        .filter((t) => t.bodyMd.trim() !== '')
        .map((t) => ({
          key: t.key,
          title: t.title,
          render: () => <Markdown html={renderMarkdown(t.bodyMd)} />,
        })),
      // The profile's rule names, beside the documentation's own `rules` tab (a key of its own).
      {
        key: 'rule-names',
        title: 'Rule names',
        render: () => (
          <ul>
            {(ruleset.data?.ruleset.rule_names ?? []).map((n) => (
              <li key={n}>
                <code>{n}</code>
              </li>
            ))}
          </ul>
        ),
      },
    ],
    [docs.data, ruleset.data],
  );
  if (ruleset.loading && !ruleset.data)
    return (
      <Page title="Ruleset">
        <Loading />
      </Page>
    );
  if (!ruleset.data)
    return (
      <Page title="Ruleset">
        <ErrorMessage error={ruleset.error} retry={ruleset.reload} />
      </Page>
    );
  const r = ruleset.data.ruleset;
  return (
    <Page
      title={r.name}
      actions={
        user ? (
          <Link className="button" to={`/deploy?rulesetId=${r.id}`}>
            Deploy
          </Link>
        ) : null
      }
    >
      <p className="lead">{r.description}</p>
      <p className="meta">
        <StatusBadge status={r.lifecycle_status} /> {r.category} ·{' '}
        {r.target_scopes.map((s) => (
          <Badge key={s}>{s}</Badge>
        ))}{' '}
        · {severityCounts(r.rule_counts)}
        {r.owner_name ? ` · by ${r.owner_name}` : ''}
      </p>
      <p className="row">
        <button
          type="button"
          className="secondary"
          aria-pressed={r.liked}
          disabled={!user || like.busy}
          onClick={() => void like.run()}
        >
          {r.liked ? '♥ Liked' : '♡ Like'} <span className="count">({r.likes})</span>
        </button>
        <a href={r.source_url} rel="noopener noreferrer">
          Source
        </a>
      </p>
      <ErrorMessage error={like.error} />
      {docs.loading ? (
        <Loading label="Loading documentation…" />
      ) : (
        <ErrorMessage error={docs.error} retry={docs.reload} />
      )}
      <Tabs label="Ruleset documentation" tabs={tabs} />
      {/* After the tabs: the pin's "changes since review" loads later and must not move the tab bar. */}
      {r.published_at !== null ? (
        <ReviewPin kind="ruleset" id={r.id} pin={r.pin} update="the owner submits an update" />
      ) : null}
      {r.published_at !== null ? <Adoption kind="ruleset" id={r.id} /> : null}
      <TestedExamples check={r.engine_check} />
      <TryOnYourApi ruleset={{ id }} signedIn={Boolean(user)} evaluable={r.engine_check?.evaluable ?? true} />
    </Page>
  );
}
