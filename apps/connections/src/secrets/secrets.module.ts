import { Module } from '@nestjs/common';
import { ConnectionsEnv } from '../connections.env';
import { parseKeyRing, SecretBox } from './secret-box';
import { StoredCredentials } from './stored-credentials';

/** The sealed client secrets: the box that seals a new one, and the opener of a stored connection's. */
@Module({
  providers: [
    {
      provide: SecretBox,
      useFactory: (env: ConnectionsEnv) => new SecretBox(parseKeyRing(env.CONNECTIONS_ENCRYPTION_KEYS)),
      inject: [ConnectionsEnv],
    },
    StoredCredentials,
  ],
  exports: [SecretBox, StoredCredentials],
})
export class SecretsModule {}
