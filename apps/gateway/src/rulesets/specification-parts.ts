import { randomUUID } from 'node:crypto';
import {
  EVALUATION_LIMITS,
  type RequestContext,
  RulesetEvaluationRpc,
  type SpecificationUpload,
} from '@pc/contracts';
import type { BusClient } from '@pc/platform';

/**
 * The specification (an evaluation's, or a governed API's pushed document) as it crosses the bus: inline
 * when its JSON fits one part; otherwise sent ahead in parts of at most `uploadPartBytes` JSON bytes
 * (`RulesetEvaluationRpc.uploadPart`, stored by the rulesets service where every replica reads them) and
 * named by the upload's id. Every bus message stays well under the bus's 1 MiB limit, whatever the
 * document holds (docs/messaging.md).
 */
export async function specificationForBus<T extends { content?: string; upload?: SpecificationUpload }>(
  bus: BusClient,
  ctx: RequestContext,
  specification: T,
): Promise<Omit<T, 'content'> & { content?: string; upload?: SpecificationUpload }> {
  const content = specification.content;
  if (typeof content !== 'string' || jsonBytes(content) <= EVALUATION_LIMITS.uploadPartBytes) {
    return specification;
  }
  const parts = split(content, EVALUATION_LIMITS.uploadPartBytes);
  const id = randomUUID();
  for (const [index, text] of parts.entries()) {
    await bus.request(RulesetEvaluationRpc.uploadPart, ctx, { id, index, text });
  }
  const { content: _, ...rest } = specification;
  return { ...rest, upload: { id, parts: parts.length } };
}

function jsonBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text), 'utf8');
}

/**
 * Pieces whose JSON is at most `max` bytes each, cut between characters (never inside a surrogate pair);
 * joined they are the text.
 */
export function split(text: string, max: number): string[] {
  const parts: string[] = [];
  let start = 0;
  // A character is at most 6 JSON bytes (`\u0000`): this many always fit; most texts fit far more.
  let size = Math.floor(max / 2);
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    const piece = text.slice(start, end);
    if (jsonBytes(piece) > max) {
      size = Math.max(1, Math.floor(size / 2));
      continue;
    }
    parts.push(piece);
    start = end;
  }
  return parts;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}
