import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { EvaluatedRulesetRef, RequestContext, RulesetEvaluation } from '@pc/contracts';
import { DomainError, unprocessable } from '@pc/platform';
import { isSourceHostError, type SourceHost } from '@pc/source-host';
import { RulesetAccess } from '../rulesets';
import { isTransient, SOURCE_HOST, upstreamUnavailable } from '../source';
import { VendorRulesets } from '../vendor';
import { unsupportedTerms } from '../common/profile-terms';

/** A community ruleset's profile text is kept this long (its repository is read again after). */
const PROFILE_TTL_MS = 60_000;
const MAX_PROFILES = 500;

/**
 * 422 `RULESETS.NOT_EVALUABLE` for a profile the engine cannot read (its vocabulary: a ruleset written for
 * MCP servers or agents), before it reaches the engine, whose validator would panic on it.
 */
function runnable(name: string, text: string): void {
  const unsupported = unsupportedTerms(text);
  if (unsupported.length > 0) {
    throw new DomainError(
      'RULESETS.NOT_EVALUABLE',
      `The ruleset ${name} names ${unsupported.map((u) => u.term).join(', ')}, which the AMF model of API specifications does not have: it governs something other than an API specification and cannot be evaluated here`,
    );
  }
}

export interface LoadedProfile {
  ruleset: RulesetEvaluation['ruleset'];
  text: string;
  digest: string;
}

/**
 * The profile of a ruleset to evaluate. Community rulesets: only one the caller may see (unpublished:
 * its owner and administrators; anyone else gets the same 404 as for a missing one), the profile read
 * from its repository through the source host adapter at the reviewed commit (the pin approval or an
 * administrator set), so that what the owner pushes to the branch afterwards changes nobody's verdict until
 * it is reviewed; a ruleset never pinned (still under review: its owner's own tries) at its source ref.
 * Vendor rulesets: the profile file the index names.
 */
@Injectable()
export class RulesetProfiles {
  private readonly texts = new Map<string, { text: string; at: number }>();

  constructor(
    private readonly access: RulesetAccess,
    private readonly vendor: VendorRulesets,
    @Inject(SOURCE_HOST) private readonly host: SourceHost,
  ) {}

  async load(ctx: RequestContext, ref: EvaluatedRulesetRef): Promise<LoadedProfile> {
    if (ref.slug !== undefined) {
      const profile = this.vendor.profile(ref.slug);
      if (!profile)
        throw new DomainError(
          'RULESETS.NOT_EVALUABLE',
          `The vendor ruleset ${ref.slug} has no validation profile the engine can run (it governs something other than an API specification)`,
        );
      runnable(profile.name, profile.text);
      return {
        ruleset: {
          source: 'vendor',
          id: null,
          slug: ref.slug,
          name: profile.name,
          profileName: profileNameOf(profile.text),
        },
        text: profile.text,
        digest: digest(profile.text),
      };
    }
    const row = await this.access.visible(ctx, ref.id);
    if (!row.ruleset_path)
      throw new DomainError('RULESETS.NOT_EVALUABLE', 'The ruleset names no profile file to evaluate');
    const text = await this.read(row.source_url, row.pinned_commit ?? row.source_ref, row.ruleset_path);
    runnable(row.name, text);
    return {
      ruleset: { source: 'community', id: row.id, slug: null, name: row.name, profileName: row.profile_name },
      text,
      digest: digest(text),
    };
  }

  private async read(url: string, ref: string | null, rulesetPath: string): Promise<string> {
    const key = `${url}|${ref ?? ''}|${rulesetPath}`;
    const kept = this.texts.get(key);
    if (kept && Date.now() - kept.at < PROFILE_TTL_MS) return kept.text;
    try {
      const repo = this.host.parseRepositoryUrl(url);
      const at = ref || repo.ref || (await this.host.getRepository(repo)).defaultBranch;
      const prefix = repo.path ? `${repo.path}/` : '';
      const text = (await this.host.readFile(repo, `${prefix}${rulesetPath}`, at)).toString('utf8');
      this.texts.set(key, { text, at: Date.now() });
      while (this.texts.size > MAX_PROFILES) this.texts.delete(this.texts.keys().next().value as string);
      return text;
    } catch (error) {
      if (isTransient(error)) throw upstreamUnavailable(error);
      if (isSourceHostError(error)) {
        throw unprocessable(
          `The ruleset's profile cannot be read from its repository (${error.kind}: ${error.message})`,
        );
      }
      throw error;
    }
  }
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function profileNameOf(text: string): string | null {
  return /^profile:\s*['"]?(.+?)['"]?\s*$/m.exec(text)?.[1] ?? null;
}
