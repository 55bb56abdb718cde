import { Module } from '@nestjs/common';
import { parseSigningKeys } from '@pc/platform';
import { DeploymentsEnv } from '../deployments.env';
import { DeploymentsFeatureModule } from '../deployments';
import { ProvenanceHandler } from './provenance.handler';
import { ProvenanceService, PUBLIC_SIGNING_KEYS } from './provenance.service';

/** A deployment's signed provenance, verified, and the public keys (the workers sign). */
@Module({
  imports: [DeploymentsFeatureModule],
  controllers: [ProvenanceHandler],
  providers: [
    {
      // Only the public halves are kept: the service verifies and serves them, the workers sign.
      provide: PUBLIC_SIGNING_KEYS,
      useFactory: (env: DeploymentsEnv) =>
        parseSigningKeys(env.PROVENANCE_SIGNING_KEYS).map((k) => k.publicJwk),
      inject: [DeploymentsEnv],
    },
    ProvenanceService,
  ],
})
export class ProvenanceModule {}
