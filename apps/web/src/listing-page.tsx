// A listing's page, written once for both kinds (/policies/:id, /rulesets/:id): its title with Deploy for
// a signed-in user, description, the kind's line of facts, like (with why it is disabled), the source
// link, follow (a signed-in user, a published listing), the documentation tabs before the kind's own tabs
// and its owner's (the kind's tools, then the transfer; the tab bar waits for them in place), then the pin
// with its changes since review and the adoption of a published listing, and the kind's own parts.
import { type ComponentType, type ReactNode, useMemo, useState } from 'react';
import type { Schemas } from './api/client';
import { Adoption } from './adoption';
import { renderMarkdown } from './markdown';
import { ReviewPin } from './review-pin';
import { Link } from './router';
import { useSession } from './session';
import { Markdown, type Tab, Tabs } from './tabs';
import { useAction, useAsync } from './ui/async';
import { ActionForm, SubmitButton, TextArea } from './ui/fields';
import { ErrorMessage, Loading, Page, PendingPage } from './ui/page';

/** A documentation tab, as both kinds answer it. */
type DocTab = { key: string; title: string; bodyMd: string };

/** What every listing has, as the API answers it. */
interface Listing {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  liked: boolean;
  likes: number;
}

/** One kind's page: `L` its listing as the API answers it. */
export interface ListingPageKind<L extends Listing> {
  kind: 'policy' | 'ruleset';
  /** The page's title while the listing loads or when it cannot be read. */
  title: string;
  /** Its path segment (`policies`), for the sign-in link that returns here. */
  base: string;
  load(id: string): Promise<L>;
  docs(id: string): Promise<{ tabs: DocTab[] }>;
  like(id: string): Promise<{ liked: boolean }>;
  /** Whether the caller follows it; follow it (`on`) or stop following it. */
  following(id: string): Promise<{ following: boolean }>;
  follow(id: string, on: boolean): Promise<{ following: boolean }>;
  published(listing: L): boolean;
  /** Whether the listing takes likes now (signed in aside). */
  likable(listing: L): boolean;
  sourceUrl(listing: L): string;
  sourceLabel: string;
  pin(listing: L): Schemas['ReviewPinDto'] | null;
  /** How the listing changes after review, in the pin's words (`the owner proposes a revision`). */
  update: string;
  /** The line of facts under the description. */
  Facts: ComponentType<{ listing: L }>;
  /** After the source link, in its row. */
  links?(listing: L): ReactNode;
  /** The kind's own tabs, after the documentation's. */
  tabs(listing: L): Tab[];
  /** The tab of its owner (and administrators): the kind's own tools, if any, then the transfer. */
  owner: { title: string; Tools?: ComponentType<{ listing: L }> };
  transfer(id: string, to: { recipientEmail: string } | { recipientUsername: string }): Promise<unknown>;
  /** The kind's own parts, at the end of the page. */
  After?: ComponentType<{ listing: L; signedIn: boolean }>;
}

/** Follow: the listing's new versions reach the user's `version.published` webhooks. */
function Follow<L extends Listing>({ kind, id }: { kind: ListingPageKind<L>; id: string }) {
  const state = useAsync(() => kind.following(id), [kind, id]);
  const toggle = useAction(async () => state.set(await kind.follow(id, !state.data!.following)));
  const following = state.data?.following ?? false;
  return (
    <>
      <p className="row">
        <button
          type="button"
          className="secondary"
          aria-pressed={following}
          aria-describedby="follow-hint"
          disabled={!state.data || toggle.busy}
          onClick={() => void toggle.run()}
        >
          {following ? 'Following' : 'Follow'}
        </button>
        <span className="hint" id="follow-hint">
          Its new versions reach your <Link to="/webhooks">webhooks</Link> subscribed to version.published.
        </span>
      </p>
      <ErrorMessage error={toggle.error ?? state.error} />
    </>
  );
}

export function ListingPage<L extends Listing>({ kind, id }: { kind: ListingPageKind<L>; id: string }) {
  const { user } = useSession();
  const listing = useAsync(() => kind.load(id), [kind, id]);
  const docs = useAsync(() => kind.docs(id), [kind, id]);
  const like = useAction(async () => {
    const { liked } = await kind.like(id);
    const before = listing.data!;
    listing.set({ ...before, liked, likes: before.likes + (liked === before.liked ? 0 : liked ? 1 : -1) });
  });
  const tabs = useMemo(
    () => [
      // A tab the author left blank (the predefined ones are kept empty) is not shown.
      ...(docs.data?.tabs ?? [])
        .filter((tab) => tab.bodyMd.trim() !== '')
        .map((tab) => ({
          key: `doc:${tab.key}`,
          title: tab.title,
          render: () => <Markdown html={renderMarkdown(tab.bodyMd)} />,
        })),
      ...(listing.data ? kind.tabs(listing.data) : []),
      ...(listing.data && user && (user.id === listing.data.owner_id || user.is_admin)
        ? [
            {
              key: 'owner',
              title: kind.owner.title,
              render: () => <OwnerTab kind={kind} listing={listing.data!} />,
            },
          ]
        : []),
    ],
    [kind, docs.data, listing.data, user],
  );

  if (!listing.data) return <PendingPage title={kind.title} state={listing} />;
  const shown = listing.data;
  const published = kind.published(shown);
  const noun = kind.title.toLowerCase();
  const likeHint = !user ? (
    <>
      <Link to={`/signin?next=/${kind.base}/${shown.id}`}>Sign in</Link> to like this {noun}.
    </>
  ) : !kind.likable(shown) ? (
    `Only a published ${noun} takes likes.`
  ) : null;
  const { Facts, After } = kind;
  return (
    <Page
      title={shown.name}
      actions={
        user ? (
          <Link className="button" to={`/deploy?${kind.kind}Id=${shown.id}`}>
            Deploy
          </Link>
        ) : null
      }
    >
      <p className="lead">{shown.description}</p>
      <Facts listing={shown} />
      <p className="row">
        <button
          type="button"
          className="secondary"
          aria-pressed={shown.liked}
          aria-describedby={likeHint ? 'like-hint' : undefined}
          disabled={!user || like.busy || !kind.likable(shown)}
          onClick={() => void like.run()}
        >
          {/* The heart is drawn, not said: a screen reader read "white heart suit" before the name. */}
          <span aria-hidden="true">{shown.liked ? '♥' : '♡'}</span> {shown.liked ? 'Liked' : 'Like'}{' '}
          <span className="count">({shown.likes})</span>
        </button>
        {likeHint ? (
          <span className="hint" id="like-hint">
            {likeHint}
          </span>
        ) : null}
        <a href={kind.sourceUrl(shown)} rel="noopener noreferrer">
          {kind.sourceLabel}
        </a>
        {kind.links?.(shown)}
      </p>
      <ErrorMessage error={like.error} />
      {user && published ? <Follow kind={kind} id={shown.id} /> : null}
      {docs.loading && !docs.data ? (
        // The documentation tabs come first: the tab bar waits for them, in the place it will take.
        <div className="tabs tabs-pending">
          <div className="tablist-placeholder" aria-hidden="true" />
          <Loading label="Loading documentation…" />
        </div>
      ) : (
        <>
          <ErrorMessage error={docs.error} retry={docs.reload} />
          <Tabs label={`${kind.title} documentation`} tabs={tabs} />
        </>
      )}
      {/* After the tabs: the pin's "changes since review" loads later and must not move the tab bar. */}
      {published ? (
        <ReviewPin kind={kind.kind} id={shown.id} pin={kind.pin(shown)} update={kind.update} />
      ) : null}
      {published ? <Adoption kind={kind.kind} id={shown.id} /> : null}
      {After ? <After listing={shown} signedIn={Boolean(user)} /> : null}
    </Page>
  );
}

/** The owner's tab: the kind's own tools, then offering the listing to another user (who accepts in their inbox). */
function OwnerTab<L extends Listing>({ kind, listing }: { kind: ListingPageKind<L>; listing: L }) {
  const [recipient, setRecipient] = useState('');
  const [offered, setOffered] = useState(false);
  const transfer = useAction(async () => {
    const to = recipient.trim();
    await kind.transfer(
      listing.id,
      to.includes('@') && !to.startsWith('@') ? { recipientEmail: to } : { recipientUsername: to },
    );
    setOffered(true);
    setRecipient('');
  });
  const { Tools } = kind.owner;
  return (
    <div>
      {Tools ? <Tools listing={listing} /> : null}
      <h2>Transfer ownership</h2>
      <ActionForm className="form" aria-label="Transfer ownership" runs={transfer}>
        <TextArea
          label="Recipient (username or email)"
          rows={1}
          value={recipient}
          onChange={(e) => setRecipient(e.target.value)}
        />
        <ErrorMessage error={transfer.error} />
        {offered ? <p role="status">Offered: the recipient accepts or rejects it in their inbox.</p> : null}
        <SubmitButton runs={transfer} disabled={!recipient.trim()}>
          Offer the {kind.title.toLowerCase()}
        </SubmitButton>
      </ActionForm>
    </div>
  );
}
