import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@pc/platform';
import { ConnectionAccess } from './connections/connection-access';
import { ConnectionsHandler } from './connections/connections.handler';
import { ConnectionsRepository } from './connections/connections.repository';
import { ConnectionsService } from './connections/connections.service';
import { ConnectionsEnv } from './connections.env';
import { connectionsDatabase } from './database/connections.datasource';
import { BusDeploymentsLedger, DEPLOYMENTS_LEDGER } from './deployments/deployments.ledger';
import { OrgsCache } from './orgs/orgs.cache';
import { OrgsHandler } from './orgs/orgs.handler';
import { OrgsService } from './orgs/orgs.service';
import { PlatformAccessHandler } from './platform-access/platform-access.handler';
import { PlatformAccessService } from './platform-access/platform-access.service';
import { CredentialCheck } from './platform/credential-check';
import { GATEWAY_PLATFORM, platformFrom } from './platform/platform.provider';
import { parseKeyRing, SecretBox } from './secrets/secret-box';
import { StoredCredentials } from './secrets/stored-credentials';

@Module({})
export class ConnectionsModule {
  static register(env: ConnectionsEnv): DynamicModule {
    const box = new SecretBox(parseKeyRing(env.CONNECTIONS_ENCRYPTION_KEYS));
    return {
      module: ConnectionsModule,
      imports: [
        DatabaseModule.forService({
          ...connectionsDatabase,
          url: env.DATABASE_URL,
          poolSize: env.DB_POOL_SIZE,
        }),
      ],
      controllers: [ConnectionsHandler, OrgsHandler, PlatformAccessHandler],
      providers: [
        { provide: ConnectionsEnv, useValue: env },
        { provide: SecretBox, useValue: box },
        { provide: GATEWAY_PLATFORM, useValue: platformFrom(env) },
        { provide: DEPLOYMENTS_LEDGER, useClass: BusDeploymentsLedger },
        StoredCredentials,
        CredentialCheck,
        ConnectionsRepository,
        ConnectionAccess,
        ConnectionsService,
        OrgsCache,
        OrgsService,
        PlatformAccessService,
      ],
    };
  }
}
