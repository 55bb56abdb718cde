import { Module } from '@nestjs/common';
import { HttpGatewayPlatform } from '@pc/gateway-platform';
import { ConnectionsEnv } from '../connections.env';
import { CredentialCheck } from './credential-check';
import { OrgsCache } from './orgs.cache';
import { GATEWAY_PLATFORM } from './platform.provider';

/** The platform (through its adapter): credential checks, and its organization trees, cached briefly. */
@Module({
  providers: [
    {
      provide: GATEWAY_PLATFORM,
      useFactory: (env: ConnectionsEnv) => HttpGatewayPlatform.fromSettings(env),
      inject: [ConnectionsEnv],
    },
    CredentialCheck,
    OrgsCache,
  ],
  exports: [GATEWAY_PLATFORM, CredentialCheck, OrgsCache],
})
export class PlatformModule {}
