import type { ServiceDatabaseOptions } from '@pc/platform';
import { SessionEntity } from '../auth/session.entity';
import { AccessTokenEntity } from '../tokens/access-token.entity';
import { UserEntity } from '../users/user.entity';
import { IdentityInit1795300000000 } from './migrations/1795300000000-identity-init';
import { IdentityNotifications1795400000000 } from './migrations/1795400000000-identity-notifications';

/** The identity schema: its entities and its migrations, in order. */
export const identityDatabase = {
  schema: 'identity',
  entities: [UserEntity, SessionEntity, AccessTokenEntity],
  migrations: [IdentityInit1795300000000, IdentityNotifications1795400000000],
} satisfies Omit<ServiceDatabaseOptions, 'url'>;
