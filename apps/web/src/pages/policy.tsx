// A policy: documentation tabs (sanitized Markdown), like, the issues badge, threaded comments with
// edit and delete, history; the owner's revisions and transfer. The page around them is the listing
// page both kinds share (listing-page.tsx); this file holds what is the policy's own.
import { useRef, useState } from 'react';
import { api, ok, type Schemas } from '../api/client';
import { ListingPage, type ListingPageKind } from '../listing-page';
import { Link } from '../router';
import { useSession } from '../session';
import { useAction, useAsync, useCursorPages } from '../ui/async';
import { ConfirmDialog } from '../ui/dialogs';
import { Badge, StatusBadge, When } from '../ui/display';
import { ActionForm, SaveOrCancel, SubmitButton, TextArea } from '../ui/fields';
import { ErrorMessage, LoadMore, Loading, Pending } from '../ui/page';

type Comment = Schemas['CommentDto'];
type Policy = Schemas['PolicyDto'];
type RevisionField = Schemas['CreateRevisionDto']['field'];

/** The policy's line of facts: status, category, direction, project type, version, downloads, owner, badges. */
function PolicyFacts({ listing: policy }: { listing: Policy }) {
  const issues = useAsync(
    () => ok(api.GET('/api/policies/{id}/issues-enabled', { params: { path: { id: policy.id } } })),
    [policy.id],
  );
  return (
    <p className="meta">
      <StatusBadge status={policy.status} /> {policy.category ?? 'Uncategorized'} · {policy.direction} ·{' '}
      {policy.project_type}
      {policy.version ? ` · version ${policy.version}` : ''} · {policy.downloads} downloads
      {policy.owner_name ? (
        <>
          {' '}
          · by{' '}
          {policy.owner_username ? `${policy.owner_name} (@${policy.owner_username})` : policy.owner_name}
        </>
      ) : null}
      {issues.data?.enabled ? (
        <>
          {' '}
          <Badge tone="info">issues enabled</Badge>
        </>
      ) : null}
      {policy.asset_kinds.map((k) => (
        <span key={k}>
          {' '}
          <Badge>{k}</Badge>
        </span>
      ))}
    </p>
  );
}

const POLICY: ListingPageKind<Policy> = {
  kind: 'policy',
  title: 'Policy',
  base: 'policies',
  load: async (id) => (await ok(api.GET('/api/policies/{id}', { params: { path: { id } } }))).policy,
  docs: (id) => ok(api.GET('/api/policies/{id}/docs', { params: { path: { id } } })),
  like: (id) => ok(api.POST('/api/policies/{id}/like', { params: { path: { id } } })),
  following: (id) => ok(api.GET('/api/policies/{id}/follow', { params: { path: { id } } })),
  follow: (id, on) => {
    const path = { params: { path: { id } } };
    return on
      ? ok(api.PUT('/api/policies/{id}/follow', path))
      : ok(api.DELETE('/api/policies/{id}/follow', path));
  },
  published: (policy) => policy.status === 'published',
  likable: (policy) => policy.status === 'published',
  sourceUrl: (policy) => policy.source_host_url,
  sourceLabel: 'Source repository',
  pin: (policy) => policy.pin,
  update: 'the owner proposes a revision',
  Facts: PolicyFacts,
  links: (policy) =>
    policy.delivers_ideas.length > 0 ? (
      <span>Delivers: {policy.delivers_ideas.map((i) => i.title).join(', ')}</span>
    ) : null,
  tabs: (policy) => [
    {
      key: 'comments',
      title: 'Comments',
      render: () => <Comments policyId={policy.id} canPost={policy.status === 'published'} />,
    },
    { key: 'history', title: 'History', render: () => <History policyId={policy.id} /> },
  ],
  owner: { title: 'Revisions and transfer', Tools: Revisions },
  transfer: (id, body) => ok(api.POST('/api/policies/{id}/transfers', { params: { path: { id } }, body })),
};

export default function PolicyPage({ params }: { params: Record<string, string> }) {
  return <ListingPage kind={POLICY} id={params.id} />;
}

/** Comments per page (the route's most). */
const COMMENTS_PAGE = 200;

/**
 * The thread, oldest first, a page at a time ("Load newer comments"); a comment posted is the newest, so
 * the thread is read to its end after a post, and it shows.
 */
function Comments({ policyId, canPost }: { policyId: string; canPost: boolean }) {
  const { user } = useSession();
  const list = useCursorPages(
    async (cursor) => {
      const page = await ok(
        api.GET('/api/policies/{id}/comments', {
          params: { path: { id: policyId }, query: { limit: COMMENTS_PAGE, cursor } },
        }),
      );
      return { items: page.comments, next: page.hasMore ? page.nextCursor : null };
    },
    [policyId],
    (c) => c.id,
  );
  const comments = list.items;
  const roots = comments.filter((c) => !c.parentId);
  const changed = (): void => list.reload();
  const posted = (): void => list.reload({ toEnd: true });
  return (
    <div className="comments">
      {list.loading ? (
        <Loading label="Loading comments…" unseen={list.data !== undefined} />
      ) : (
        <ErrorMessage error={list.error} retry={changed} />
      )}
      {list.data && comments.length === 0 ? <p>No comments yet.</p> : null}
      <ol className="thread">
        {roots.map((c) => (
          <li key={c.id}>
            <CommentView
              comment={c}
              onChange={changed}
              onReplied={posted}
              policyId={policyId}
              canReply={canPost && !!user}
            />
            <ol className="replies">
              {comments
                .filter((r) => r.parentId === c.id)
                .map((r) => (
                  <li key={r.id}>
                    <CommentView
                      comment={r}
                      onChange={changed}
                      onReplied={posted}
                      policyId={policyId}
                      canReply={false}
                    />
                  </li>
                ))}
            </ol>
          </li>
        ))}
      </ol>
      <LoadMore pages={list} label="Load newer comments" />
      {user && canPost ? <CommentForm policyId={policyId} onDone={posted} label="Add a comment" /> : null}
      {user && !canPost ? <p className="hint">Comments open once the policy is published.</p> : null}
      {!user ? (
        <p>
          <Link to={`/signin?next=/policies/${policyId}`}>Sign in</Link> to comment.
        </p>
      ) : null}
    </div>
  );
}

function CommentForm({
  policyId,
  parentId,
  onDone,
  label,
}: {
  policyId: string;
  parentId?: string;
  onDone: () => void;
  label: string;
}) {
  const [body, setBody] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const post = useAction(async () => {
    await ok(
      api.POST('/api/policies/{id}/comments', {
        params: { path: { id: policyId } },
        body: { body, parentId },
      }),
    );
    setBody('');
    // Post keeps the focus while it runs; emptied, the box leaves nothing to post: the focus goes back to it.
    form.current?.querySelector('textarea')?.focus();
    onDone();
  });
  return (
    <ActionForm className="form" runs={post} ref={form}>
      <TextArea
        label={label}
        value={body}
        maxLength={10000}
        required
        rows={3}
        onChange={(e) => setBody(e.target.value)}
      />
      <ErrorMessage error={post.error} />
      <SubmitButton runs={post} busy="Posting…" disabled={!body.trim()} why="Write a comment to post it.">
        Post
      </SubmitButton>
    </ActionForm>
  );
}

function CommentView({
  comment,
  policyId,
  onChange,
  onReplied,
  canReply,
}: {
  comment: Comment;
  policyId: string;
  /** After an edit or a deletion. */
  onChange: () => void;
  /** After a reply (the newest comment: the thread's last page has it). */
  onReplied: () => void;
  canReply: boolean;
}) {
  const { user } = useSession();
  const [editing, setEditing] = useState(false);
  const [replying, setReplying] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const [body, setBody] = useState(comment.body);
  const mine = user?.id === comment.authorId;
  const save = useAction(async () => {
    await ok(api.PATCH('/api/comments/{id}', { params: { path: { id: comment.id } }, body: { body } }));
    setEditing(false);
    onChange();
  });
  const remove = useAction(async () => {
    await ok(
      api.DELETE('/api/comments/{id}', {
        params: { path: { id: comment.id }, query: mine ? {} : { hard: true } },
      }),
    );
    setConfirm(false);
    onChange();
  });
  return (
    <article className="comment" aria-label={`Comment by ${comment.authorName}`}>
      <p className="meta">
        <strong>{comment.authorName}</strong> · <When at={comment.createdAt} />
        {comment.updatedAt !== comment.createdAt && !comment.deleted ? ' · edited' : ''}
      </p>
      {comment.deleted ? (
        <p className="muted">This comment was deleted.</p>
      ) : editing ? (
        <ActionForm className="form" runs={save}>
          <TextArea
            label="Edit comment"
            value={body}
            maxLength={10000}
            rows={3}
            onChange={(e) => setBody(e.target.value)}
          />
          <ErrorMessage error={save.error} />
          <SaveOrCancel save="Save" runs={save} onCancel={() => setEditing(false)} />
        </ActionForm>
      ) : (
        <p className="comment-body">{comment.body}</p>
      )}
      {!comment.deleted && !editing ? (
        <div className="row small">
          {canReply ? (
            <button
              type="button"
              className="link"
              onClick={() => setReplying(!replying)}
              aria-expanded={replying}
            >
              Reply
            </button>
          ) : null}
          {mine ? (
            <button type="button" className="link" onClick={() => setEditing(true)}>
              Edit
            </button>
          ) : null}
          {mine || user?.is_admin ? (
            <button type="button" className="link" onClick={() => setConfirm(true)}>
              Delete
            </button>
          ) : null}
        </div>
      ) : null}
      {replying ? (
        <CommentForm
          policyId={policyId}
          parentId={comment.id}
          label={`Reply to ${comment.authorName}`}
          onDone={() => {
            setReplying(false);
            onReplied();
          }}
        />
      ) : null}
      <ConfirmDialog
        open={confirm}
        title="Delete this comment?"
        confirmLabel="Delete comment"
        busy={remove.busy}
        onConfirm={() => void remove.run()}
        onCancel={() => setConfirm(false)}
      >
        <p>
          {mine
            ? 'The comment is replaced by a note that it was deleted; replies stay.'
            : 'As an administrator you remove it for good, with its replies.'}
        </p>
        <ErrorMessage error={remove.error} />
      </ConfirmDialog>
    </article>
  );
}

/** The policy's history, newest first, a page at a time. */
function History({ policyId }: { policyId: string }) {
  const history = useCursorPages(
    async (cursor) => {
      const page = await ok(
        api.GET('/api/policies/{id}/history', {
          params: { path: { id: policyId }, query: { before: cursor } },
        }),
      );
      return { items: page.entries, next: page.nextCursor };
    },
    [policyId],
    (e) => e.id,
  );
  if (!history.data) return <Pending state={history} />;
  if (history.items.length === 0) return <p>No history yet.</p>;
  return (
    <>
      <ol className="history">
        {history.items.map((e) => (
          <li key={e.id}>
            <When at={e.created_at} /> · {e.action.replace(/_/g, ' ')}
          </li>
        ))}
      </ol>
      <LoadMore pages={history} label="Load older entries" />
    </>
  );
}

/** The owner's revisions: propose one of a published policy, see them (the transfer follows, as for any listing). */
function Revisions({ listing: policy }: { listing: Policy }) {
  const id = policy.id;
  const revisions = useCursorPages(
    async (cursor) => {
      const page = await ok(
        api.GET('/api/policies/{id}/revisions', { params: { path: { id }, query: { cursor } } }),
      );
      return { items: page.revisions, next: page.hasMore ? page.nextCursor : null };
    },
    [id],
    (r) => r.id,
  );
  const [field, setField] = useState<RevisionField>('description');
  const [value, setValue] = useState('');
  const propose = useAction(async () => {
    await ok(api.POST('/api/policies/{id}/revisions', { params: { path: { id } }, body: { field, value } }));
    setValue('');
    revisions.reload();
  });
  return (
    <div>
      <h2>Revisions</h2>
      <Pending state={revisions} />
      {revisions.data && revisions.items.length === 0 ? <p>No revisions.</p> : null}
      <ul>
        {revisions.items.map((r) => (
          <li key={r.id}>
            <StatusBadge status={r.status} /> {r.field.replace(/_/g, ' ')}: {r.proposed_value} ·{' '}
            <When at={r.submitted_at} />
            {r.feedback ? ` · ${r.feedback}` : ''}
          </li>
        ))}
      </ul>
      <LoadMore pages={revisions} />
      {policy.status === 'published' ? (
        <ActionForm className="form" aria-label="Propose a revision" runs={propose}>
          <label htmlFor="revision-field">Field to revise</label>
          <select
            id="revision-field"
            value={field}
            onChange={(e) => setField(e.target.value as RevisionField)}
          >
            <option value="description">Description</option>
            <option value="source_host_url">Repository URL</option>
            {policy.project_type === 'split' ? (
              <option value="implementation_source_host_url">Implementation repository URL</option>
            ) : null}
          </select>
          <TextArea
            label="Proposed value"
            hint="Reviewed by an administrator before it goes live."
            rows={3}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <ErrorMessage error={propose.error} />
          <SubmitButton runs={propose} disabled={!value.trim()}>
            Propose revision
          </SubmitButton>
        </ActionForm>
      ) : (
        <p className="hint">Revisions are for published policies; before that, edit the submission.</p>
      )}
    </div>
  );
}
