import { Module } from '@nestjs/common';
import { HttpGatewayPlatform } from '@pc/gateway-platform';
import { DeploymentsEnv } from '../deployments.env';
import { GATEWAY_PLATFORM, REGISTRY, registryFrom } from './adapters';

/** The platform and registry clients the service asks for sync, drift, roll-out health and the ledger. */
@Module({
  providers: [
    {
      provide: GATEWAY_PLATFORM,
      useFactory: (env: DeploymentsEnv) => HttpGatewayPlatform.fromSettings(env),
      inject: [DeploymentsEnv],
    },
    { provide: REGISTRY, useFactory: registryFrom, inject: [DeploymentsEnv] },
  ],
  exports: [GATEWAY_PLATFORM, REGISTRY],
})
export class PlatformModule {}
