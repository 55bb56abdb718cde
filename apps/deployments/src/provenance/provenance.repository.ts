import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface ProvenanceRow {
  deployment_id: string;
  job_id: string;
  key_id: string;
  envelope: unknown;
  subjects: Array<{ name: string; digest: { sha256: string } }>;
  created_at: Date;
  /** The deploy job's recorded artifact sha256 (policy: the archive; ruleset: the profile). */
  built_sha256: string | null;
}

/** The attestations the workers write, one per deployment. */
@Injectable()
export class ProvenanceRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async findByDeployment(deploymentId: string): Promise<ProvenanceRow | null> {
    const [row] = await this.dataSource.query<ProvenanceRow[]>(
      `SELECT p.deployment_id, p.job_id, p.key_id, p.envelope, p.subjects, p.created_at,
              j.steps->'build'->>'sha256' AS built_sha256
         FROM deployments.provenance p LEFT JOIN deployments.jobs j ON j.id = p.job_id
        WHERE p.deployment_id = $1`,
      [deploymentId],
    );
    return row ?? null;
  }
}
