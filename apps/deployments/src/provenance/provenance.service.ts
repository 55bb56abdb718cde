import { Inject, Injectable } from '@nestjs/common';
import type {
  DeploymentProvenance,
  ProvenanceEnvelope,
  ProvenanceKeys,
  ProvenanceVerificationResult,
  RequestContext,
} from '@pc/contracts';
import { type DeploymentRow, ProvenanceRepository, type ProvenanceRow } from '@pc/deployments-store';
import { Database, notFound, type PublicJwk, verifyProvenance } from '@pc/platform';
import { DeploymentAccess } from '../deployments';

export const PUBLIC_SIGNING_KEYS = Symbol('PUBLIC_SIGNING_KEYS');

/**
 * The signed provenance of a deployment's published artifacts, for whoever may see the deployment (its
 * author, administrators; 404 for others), verified here against the served keys, the job's artifact
 * digest and the pin the deployment was made with; and the public keys that verify it (a JWKS).
 */
@Injectable()
export class ProvenanceService {
  constructor(
    private readonly db: Database,
    private readonly access: DeploymentAccess,
    private readonly provenance: ProvenanceRepository,
    @Inject(PUBLIC_SIGNING_KEYS) private readonly keys: readonly PublicJwk[],
  ) {}

  keySet(): ProvenanceKeys {
    return { keys: this.keys.map((k) => ({ ...k })) };
  }

  async get(ctx: RequestContext, id: string): Promise<{ provenance: DeploymentProvenance }> {
    const deployment = await this.access.visible(this.db.pool, ctx, id);
    const row = await this.provenance.findByDeployment(this.db.pool, deployment.id);
    if (!row) throw notFound('Provenance (the deployment has published nothing yet)');
    return {
      provenance: {
        deployment_id: deployment.id,
        envelope: row.envelope as ProvenanceEnvelope,
        key_id: row.key_id,
        created_at: row.created_at.toISOString(),
        verification: this.verify(deployment, row),
      },
    };
  }

  private verify(deployment: DeploymentRow, row: ProvenanceRow): ProvenanceVerificationResult {
    const pin = deployment.source.pin ?? null;
    const result = verifyProvenance({
      envelope: row.envelope,
      keys: this.keys,
      artifactSha256: row.built_sha256 ?? undefined,
      expectedPin: pin ? { commit: pin.commit, contentDigest: pin.content_digest } : null,
    });
    const main = result.sources[0];
    const summary = result.ok
      ? `Built from the reviewed commit ${main?.commit ?? '?'}, signature verified`
      : result.checks
          .filter((c) => !c.ok)
          .map((c) => c.message)
          .join('; ');
    return {
      ok: result.ok,
      summary,
      checks: result.checks,
      commit: main?.commit ?? null,
      reviewed: main?.reviewed ?? false,
      key_id: result.keyId,
    };
  }
}
