// What a release ships, on the policy and ruleset pages: the reviewed commit pinned at approval, when and
// how, and "changes since review" from the source host's compare.
import { api, ok, type Schemas } from './api/client';
import { useAsync } from './ui/async';
import { When } from './ui/display';
import { ErrorMessage } from './ui/page';

type Pin = Schemas['ReviewPinDto'];

/** What changed on the source host since the reviewed commit of a policy or a ruleset. */
export const changesSinceReview = (kind: 'policy' | 'ruleset', id: string) =>
  kind === 'policy'
    ? ok(api.GET('/api/policies/{id}/changes-since-review', { params: { path: { id } } }))
    : ok(api.GET('/api/rulesets/{id}/changes-since-review', { params: { path: { id } } }));

/**
 * `kind` names the item's routes; `update` says how its owner has new commits reviewed (a revision of a
 * policy, an update of a ruleset's submission): approving it moves the pin.
 */
export function ReviewPin({
  kind,
  id,
  pin,
  update,
}: {
  kind: 'policy' | 'ruleset';
  id: string;
  pin: Pin | null;
  update: string;
}) {
  const changes = useAsync(
    () => (pin ? changesSinceReview(kind, id) : Promise.resolve(null)),
    [kind, id, pin?.commit],
  );
  if (!pin)
    return (
      <p className="field-error" role="note">
        Not pinned to a reviewed commit: releases are refused until an administrator pins it.
      </p>
    );
  const source = changes.data?.source;
  return (
    <section aria-label="Reviewed commit" className="pin">
      <p>
        Releases build the reviewed commit <code>{pin.commit.slice(0, 12)}</code>
        {pin.implementation_commit ? (
          <>
            {' '}
            (implementation <code>{pin.implementation_commit.slice(0, 12)}</code>)
          </>
        ) : null}
        , reviewed <When at={pin.reviewed_at} />
        {pin.how === 'migration'
          ? ' (from the approval record)'
          : pin.how === 'admin'
            ? ' (pinned by an administrator)'
            : ''}
        .
      </p>
      {source ? (
        source.ahead_by === 0 ? (
          <p className="muted">No changes since review on {source.ref}.</p>
        ) : (
          <details>
            <summary>
              Changes since review: {source.ahead_by} commit{source.ahead_by === 1 ? '' : 's'} on {source.ref}
              , {source.files.length}
              {source.files_truncated ? '+' : ''} file{source.files.length === 1 ? '' : 's'} changed ({update}{' '}
              to have them reviewed)
            </summary>
            <ChangedFiles files={source.files} />
          </details>
        )
      ) : (
        <ErrorMessage error={changes.error} retry={changes.reload} />
      )}
    </section>
  );
}

/** The files a compare changed, each with its status (added, modified, removed, renamed). */
export function ChangedFiles({ files }: { files: Array<{ path: string; status: string }> }) {
  return (
    <ul>
      {files.map((f) => (
        <li key={f.path}>
          <code>{f.path}</code> {f.status}
        </li>
      ))}
    </ul>
  );
}
