import { Injectable } from '@nestjs/common';
import { EVALUATION_LIMITS, type SpecificationUploadPart } from '@pc/contracts';
import { Database, DomainError, unprocessable } from '@pc/platform';

/** An upload's parts are kept this long for its evaluation to read them. */
const UPLOAD_TTL = '10 minutes';

/**
 * Specifications too large for one bus message, sent ahead of their evaluation in parts
 * (`RulesetEvaluationRpc.uploadPart`, docs/messaging.md) and kept in the rulesets schema, where every
 * replica reads them: the replica that evaluates is rarely the one that stored a part. An upload belongs
 * to the user who sent it; together its parts hold at most `specificationBytes` (413 past that, at the
 * part that crosses it); the request naming it takes the parts (read and deleted at once) before anything
 * may refuse it, so a refused request leaves none; parts that no request took are dropped after ten minutes.
 */
@Injectable()
export class SpecificationUploads {
  constructor(private readonly db: Database) {}

  async put(ownerId: string, part: SpecificationUploadPart): Promise<{ ok: true }> {
    await this.db.pool.query(
      `DELETE FROM rulesets.evaluation_uploads WHERE created_at < now() - interval '${UPLOAD_TTL}'`,
    );
    await this.db.transaction(async (tx) => {
      const rows = await tx.query<Array<{ owner_id: string; bytes: string }>>(
        `SELECT owner_id, coalesce(sum(octet_length(text)), 0)::bigint AS bytes
           FROM rulesets.evaluation_uploads WHERE id = $1 AND part <> $2 GROUP BY owner_id`,
        [part.id, part.index],
      );
      // Another user's upload of the same id: the id is taken (the gateway draws a new UUID each time).
      if (rows.some((r) => r.owner_id !== ownerId)) throw unprocessable('upload: the id is taken');
      const bytes = Number(rows[0]?.bytes ?? 0) + Buffer.byteLength(part.text, 'utf8');
      if (bytes > EVALUATION_LIMITS.specificationBytes) throw tooLarge(bytes);
      await tx.query(
        `INSERT INTO rulesets.evaluation_uploads (id, part, owner_id, text) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id, part) DO UPDATE SET text = EXCLUDED.text, created_at = now()`,
        [part.id, part.index, ownerId, part.text],
      );
    });
    return { ok: true };
  }

  /** The text of an upload of `ownerId` (its parts deleted): 422 when a part is missing. */
  async take(ownerId: string, upload: { id: string; parts: number }): Promise<string> {
    // A DELETE ... RETURNING answers [rows, count].
    const [rows] = await this.db.pool.query<[Array<{ part: number; text: string }>, number]>(
      `DELETE FROM rulesets.evaluation_uploads WHERE id = $1 AND owner_id = $2 RETURNING part, text`,
      [upload.id, ownerId],
    );
    rows.sort((a, b) => a.part - b.part);
    if (rows.length !== upload.parts || rows.some((r, i) => r.part !== i)) {
      throw unprocessable(
        `specification: ${rows.length} of the ${upload.parts} parts sent ahead arrived (or they expired); send the request again`,
      );
    }
    return rows.map((r) => r.text).join('');
  }
}

function tooLarge(bytes: number): DomainError {
  return new DomainError(
    'PAYLOAD_TOO_LARGE',
    `The specification is more than ${bytes} bytes; at most ${EVALUATION_LIMITS.specificationBytes} (5 MiB)`,
  );
}
