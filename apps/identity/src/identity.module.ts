import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule, parseKeyRing, SecretBox } from '@pc/platform';
import { WorkspaceOwners } from './common/workspace-owners';
import { AuditHandler } from './audit/audit.handler';
import { AuditRepository } from './audit/audit.repository';
import { AuditService } from './audit/audit.service';
import { AuditSubscriber } from './audit/audit.subscriber';
import { AuthHandler } from './auth/auth.handler';
import { AuthService } from './auth/auth.service';
import { SessionSweeper } from './auth/session-sweeper';
import { SessionsRepository } from './auth/sessions.repository';
import { FollowsModule } from './follows/follows.module';
import { identityDatabase } from './database/identity.datasource';
import { IdentityEnv } from './identity.env';
import { DeploymentDriftedSubscriber } from './notifications/deployment-drifted.subscriber';
import { IdeaDeliveredSubscriber } from './notifications/idea-delivered.subscriber';
import { NotificationsHandler } from './notifications/notifications.handler';
import { NotificationsRepository } from './notifications/notifications.repository';
import { NotificationsService } from './notifications/notifications.service';
import { TokensHandler } from './tokens/tokens.handler';
import { TokensRepository } from './tokens/tokens.repository';
import { TokensService } from './tokens/tokens.service';
import { AdminBootstrap } from './users/admin.bootstrap';
import { UsersHandler } from './users/users.handler';
import { UsersRepository } from './users/users.repository';
import { UsersService } from './users/users.service';
import { WebhookDispatcher } from './webhooks/webhook-dispatcher';
import { WebhookEventsSubscriber } from './webhooks/webhook-events.subscriber';
import { WebhookSecretsSealer } from './webhooks/webhook-secrets.sealer';
import { WebhooksHandler } from './webhooks/webhooks.handler';
import { WebhooksRepository } from './webhooks/webhooks.repository';
import { WebhooksService } from './webhooks/webhooks.service';

@Module({})
export class IdentityModule {
  static register(env: IdentityEnv): DynamicModule {
    return {
      module: IdentityModule,
      imports: [
        DatabaseModule.forService({ ...identityDatabase, url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE }),
        FollowsModule,
      ],
      controllers: [
        AuthHandler,
        TokensHandler,
        UsersHandler,
        NotificationsHandler,
        WebhooksHandler,
        AuditHandler,
      ],
      providers: [
        { provide: IdentityEnv, useValue: env },
        {
          provide: SecretBox,
          useValue: new SecretBox(
            parseKeyRing(env.WEBHOOKS_ENCRYPTION_KEYS, 'WEBHOOKS_ENCRYPTION_KEYS'),
            'WEBHOOKS_ENCRYPTION_KEYS',
          ),
        },
        WorkspaceOwners,
        UsersRepository,
        SessionsRepository,
        TokensRepository,
        UsersService,
        AuthService,
        TokensService,
        AdminBootstrap,
        SessionSweeper,
        NotificationsRepository,
        NotificationsService,
        IdeaDeliveredSubscriber,
        DeploymentDriftedSubscriber,
        WebhooksRepository,
        WebhooksService,
        WebhookDispatcher,
        WebhookEventsSubscriber,
        WebhookSecretsSealer,
        AuditRepository,
        AuditService,
        AuditSubscriber,
      ],
    };
  }
}
