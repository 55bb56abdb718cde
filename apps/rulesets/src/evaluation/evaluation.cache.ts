import { Injectable } from '@nestjs/common';
import type { SeverityCounts } from '@pc/contracts';
import type { EngineResult } from './engine/amf-engine';

/** Bytes of models and results the cache holds (oldest dropped first). */
const MAX_BYTES = 64 * 1024 * 1024;

interface Entry<T> {
  value: T;
  bytes: number;
}

/**
 * What evaluation keeps between requests, in this replica's memory: the rendered model of a document
 * (by the digest of its files: a second ruleset on the same document does not parse it again), a
 * ruleset's report on it (by document and profile digests: the same question is answered without the
 * engine), and the engine's check of a ruleset that passed it (by the digest of what was checked: the
 * submission after a validation of the same repository, a re-submission, does not check it again).
 * Content-addressed, so nothing is ever stale; bounded in bytes, least recently used out first.
 */
@Injectable()
export class EvaluationCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private bytes = 0;

  model(documentDigest: string): { format: string; model: string } | undefined {
    return this.get(`model|${documentDigest}`);
  }

  putModel(documentDigest: string, format: string, model: string): void {
    this.put(`model|${documentDigest}`, { format, model }, model.length * 2);
  }

  report(documentDigest: string, profileDigest: string): CachedReport | undefined {
    return this.get(`report|${documentDigest}|${profileDigest}`);
  }

  putReport(documentDigest: string, profileDigest: string, report: CachedReport): void {
    this.put(
      `report|${documentDigest}|${profileDigest}`,
      report,
      JSON.stringify(report.results).length * 2 + 256,
    );
  }

  /** The engine's answer on a ruleset it found no problem with (`check` names the kind of check). */
  passedCheck<T>(check: string, digest: string): T | undefined {
    return this.get(`check|${check}|${digest}`);
  }

  putPassedCheck(check: string, digest: string, answer: unknown): void {
    this.put(`check|${check}|${digest}`, answer, JSON.stringify(answer).length * 2 + 256);
  }

  private get<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value as T;
  }

  private put(key: string, value: unknown, bytes: number): void {
    if (bytes > MAX_BYTES / 4) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= MAX_BYTES) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }
}

export interface CachedReport {
  format: string;
  conforms: boolean;
  /** Every result counted; `results` holds at most `EVALUATION_LIMITS.resultsPerRuleset` of them. */
  counts: SeverityCounts;
  total: number;
  results: EngineResult[];
}
