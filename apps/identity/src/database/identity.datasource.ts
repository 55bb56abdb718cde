import type { ServiceDatabaseOptions } from '@pc/platform';
import { IdentityInit1795300000000 } from './migrations/1795300000000-identity-init';
import { IdentityNotifications1795400000000 } from './migrations/1795400000000-identity-notifications';
import { IdentityWebhooks1796280000000 } from './migrations/1796280000000-identity-webhooks';
import { IdentityAudit1796280000001 } from './migrations/1796280000001-identity-audit';
import { IdentityWebhookSecretsSealed1796410000000 } from './migrations/1796410000000-identity-webhook-secrets-sealed';
import { IdentityWorkspaceWebhooksAudit1796410000001 } from './migrations/1796410000001-identity-workspace-webhooks-audit';
import { IdentityWebhookClaimIndexes1796410000002 } from './migrations/1796410000002-identity-webhook-claim-indexes';
import { IdentityFollows1796520000000 } from './migrations/1796520000000-identity-follows';
import { IdentityWebhookAttempts1796600000000 } from './migrations/1796600000000-identity-webhook-attempts';
import { IdentityAuditNames1796700000000 } from './migrations/1796700000000-identity-audit-names';
import { IdentityNotificationsPaging1797100000000 } from './migrations/1797100000000-identity-notifications-paging';

/** The identity schema and its migrations, in order (repositories write SQL: no entities). */
export const identityDatabase = {
  schema: 'identity',
  migrations: [
    IdentityInit1795300000000,
    IdentityNotifications1795400000000,
    IdentityWebhooks1796280000000,
    IdentityAudit1796280000001,
    IdentityWebhookSecretsSealed1796410000000,
    IdentityWorkspaceWebhooksAudit1796410000001,
    IdentityWebhookClaimIndexes1796410000002,
    IdentityFollows1796520000000,
    IdentityWebhookAttempts1796600000000,
    IdentityAuditNames1796700000000,
    IdentityNotificationsPaging1797100000000,
  ],
} satisfies Omit<ServiceDatabaseOptions, 'url'>;
