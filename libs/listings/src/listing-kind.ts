import type {
  ContentChangedEvent,
  ErrorCode,
  EventDescriptor,
  LikeResult,
  ListingCallerState,
  ListingSearchRequest,
  ListingSearchResult,
  PingResult,
  RequestContext,
  RpcDescriptor,
} from '@pc/contracts';
import type { Handles, ListingTable } from '@pc/platform';

/** A method decorator that serves one request/reply descriptor (`Handles(SomeRpc.x)` of @pc/platform). */
export type Handler<Req, Res> = ReturnType<typeof Handles<Req, Res>>;

/** The id of a listing on the bus: `{ id }`. */
export interface ListingIdRequest {
  id: string;
}

/**
 * What a kind of listing (a policy, a ruleset) is to the kernel: where its rows live in its service's own
 * schema, which of its service's events go through the outbox, and the handlers of its bus descriptors.
 * Everything else a kind has of its own (how its repository is inspected, its fields, policy revisions,
 * ruleset evaluation) stays in its service.
 */
export interface ListingKind {
  /** `policy` or `ruleset`: the asset type deployments name. */
  readonly assetType: 'policy' | 'ruleset';
  /** The service that owns the kind: its logger's component and its durable consumers' name. */
  readonly service: string;
  /** The service's own schema, and the kind's tables in it (constants of the kind, never input). */
  readonly schema: string;
  readonly tables: {
    /** The listings themselves (with `like_count` and `deploy_count`). */
    readonly listings: string;
    /** The submissions of the kind's listings, each naming its listing by `idColumn`. */
    readonly submissions: string;
    readonly likes: string;
    readonly docTabs: string;
    readonly countedDeployEvents: string;
  };
  /** The code of a listing whose repository no longer exists or turned private (404). */
  readonly repositoryGone: Extract<ErrorCode, `${string}.REPOSITORY_GONE`>;
  /** SQL on the listings table: true for a published listing (anyone sees it). */
  readonly published: string;
  /** The column naming a listing in the kind's other tables (and in a deployment's event). */
  readonly idColumn: 'policy_id' | 'ruleset_id';
  /** The service's events that must not be lost: written in the outbox, relayed after commit. */
  readonly events: Array<EventDescriptor<unknown>>;
  /** The service's liveness question. */
  readonly ping: RpcDescriptor<Record<string, never>, PingResult>;
  /** Every committed change to what public reads show, for every gateway replica's response cache. */
  readonly contentChanged: EventDescriptor<ContentChangedEvent>;
  /** Put before the transaction id in a content version: the services share one id space. */
  readonly versionPrefix: string;
  /** The kind's listings as the search across kinds reads them (community: published, or the viewer's own). */
  readonly search: ListingTable;
  /** The kind's bus descriptors the kernel serves, as their handlers. */
  readonly handles: {
    readonly getLike: Handler<ListingIdRequest, LikeResult>;
    readonly toggleLike: Handler<ListingIdRequest, LikeResult>;
    readonly getCallerState: Handler<Record<string, never>, ListingCallerState>;
    readonly searchListings: Handler<ListingSearchRequest, ListingSearchResult>;
  };
}

/**
 * Who may see a listing, as the kind decides it (404 when the caller may not): the kind's own access
 * rules, injected under `LISTING_ACCESS`.
 */
export interface ListingAccess {
  visible(ctx: RequestContext, id: string): Promise<unknown>;
}

export const LISTING_KIND = Symbol('LISTING_KIND');
export const LISTING_ACCESS = Symbol('LISTING_ACCESS');
export const LISTING_VENDOR = Symbol('LISTING_VENDOR');

/** `<schema>.<table>` of one of the kind's tables. */
export function tableOf(kind: ListingKind, table: keyof ListingKind['tables']): string {
  return `${kind.schema}.${kind.tables[table]}`;
}
