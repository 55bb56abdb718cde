import { Inject, Injectable } from '@nestjs/common';
import type { ChangesSinceReview, RepositoryChanges } from '@pc/contracts';
import { changesSincePin } from '@pc/platform';
import type { ParsedRepositoryUrl, SourceHost } from '@pc/source-host';
import { LISTING_KIND, type ListingKind } from '../listing-kind';
import { SOURCE_HOST, sourceHostFailure } from '../source/source-host';

/** A repository a listing is built from: its URL, the ref it names (null: the URL's or the default branch), its pin. */
export interface PinnedSource {
  url: string;
  ref: string | null;
  pinned: string;
}

/**
 * "Changes since review", for whoever sees the listing: the source host's compare of each pin with its
 * ref's head (a policy may have an implementation repository besides its source).
 */
@Injectable()
export class SourceChanges {
  constructor(
    @Inject(SOURCE_HOST) private readonly host: SourceHost,
    @Inject(LISTING_KIND) private readonly kind: ListingKind,
  ) {}

  /** Not pinned when `source` is null (no reviewed commit yet). */
  async since(
    source: PinnedSource | null,
    implementation: PinnedSource | null = null,
  ): Promise<ChangesSinceReview> {
    if (!source) return { pinned: false, source: null, implementation: null };
    return {
      pinned: true,
      source: await this.compare(source),
      implementation: implementation && (await this.compare(implementation)),
    };
  }

  private async compare(source: PinnedSource): Promise<RepositoryChanges> {
    try {
      return await changesSincePin<ParsedRepositoryUrl>(this.host, source.url, source.ref, source.pinned);
    } catch (error) {
      throw sourceHostFailure(this.kind, error);
    }
  }
}
