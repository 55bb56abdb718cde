import { Injectable } from '@nestjs/common';
import type { Executor } from '@pc/platform';
import type { ProvenanceRow } from './deployment.rows';

/** The attestations (`deployments.provenance`): one per deployment, written by the workers, served by the service. */
@Injectable()
export class ProvenanceRepository {
  async findByDeployment(db: Executor, deploymentId: string): Promise<ProvenanceRow | null> {
    const [row] = await db.query<ProvenanceRow[]>(
      `SELECT p.deployment_id, p.job_id, p.key_id, p.envelope, p.subjects, p.created_at,
              j.steps->'build'->>'sha256' AS built_sha256
         FROM deployments.provenance p LEFT JOIN deployments.jobs j ON j.id = p.job_id
        WHERE p.deployment_id = $1`,
      [deploymentId],
    );
    return row ?? null;
  }

  /**
   * The deployment's attestation: the one stored when its subjects are these (a redelivery rebuilt the
   * same artifacts), else `envelope` stored in its place (nothing was published from the earlier one:
   * the registry is written only after this). One row per deployment, whatever the deliveries.
   */
  async keep(
    db: Executor,
    attestation: { deploymentId: string; jobId: string; keyId: string; envelope: unknown; subjects: unknown },
  ): Promise<unknown> {
    const { deploymentId, jobId, keyId, envelope, subjects } = attestation;
    const [row] = await db.query<Array<{ envelope: unknown }>>(
      `INSERT INTO deployments.provenance (deployment_id, job_id, key_id, envelope, subjects)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (deployment_id) DO UPDATE SET job_id = excluded.job_id, key_id = excluded.key_id,
         envelope = excluded.envelope, subjects = excluded.subjects, created_at = now()
         WHERE deployments.provenance.subjects <> excluded.subjects
       RETURNING envelope`,
      [deploymentId, jobId, keyId, JSON.stringify(envelope), JSON.stringify(subjects)],
    );
    if (row) return row.envelope;
    const [kept] = await db.query<Array<{ envelope: unknown }>>(
      `SELECT envelope FROM deployments.provenance WHERE deployment_id = $1`,
      [deploymentId],
    );
    return kept?.envelope ?? envelope;
  }
}
