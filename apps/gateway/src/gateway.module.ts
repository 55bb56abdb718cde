import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import {
  type BusConfig,
  CALLER_CACHE_OPTIONS,
  CallerCache,
  HealthModule,
  ListingSearch,
  MessagingModule,
} from '@pc/platform';
import { AuthGuard } from './auth/auth.guard';
import { AdminController } from './catalog/admin.controller';
import { CommentsController } from './catalog/comments.controller';
import { PoliciesController } from './catalog/policies.controller';
import { SubmissionsController } from './catalog/submissions.controller';
import { TransfersController } from './catalog/transfers.controller';
import { ConnectionsController } from './connections/connections.controller';
import { DeploymentsController } from './deployments/deployments.controller';
import { AdoptionController } from './deployments/adoption.controller';
import { ProvenanceController } from './deployments/provenance.controller';
import { EventStreams } from './deployments/event-streams';
import { LogHub } from './deployments/log-hub';
import { LogStreams } from './deployments/log-stream';
import { DeploymentSettingsController } from './deployments/deployment-settings.controller';
import { RolloutStreams } from './deployments/rollout-stream';
import { RolloutsController } from './deployments/rollouts.controller';
import { WorkspaceConnectionsController } from './workspaces/workspace-connections.controller';
import { WorkspaceMembersController } from './workspaces/workspace-members.controller';
import { WorkspacesController } from './workspaces/workspaces.controller';
import { LoginThrottle } from './auth/login-throttle';
import { GatewayEnv } from './gateway.env';
import { RateLimitGuard, RateLimits } from './http/rate-limit';
import { GatewayReadiness } from './health/gateway-readiness';
import { AuthController } from './identity/auth.controller';
import { MeController } from './identity/me.controller';
import { SessionService } from './identity/session.service';
import { TokenRevocation } from './identity/token-revocation';
import { TokensController } from './identity/tokens.controller';
import { UsersController } from './identity/users.controller';
import { CallerParts } from './public-reads/caller-parts';
import { ContentVersions } from './public-reads/content-versions';
import { PublicReads } from './public-reads/public-reads';
import { ResponseCache } from './public-reads/response-cache';
import { RulesetDocsController } from './rulesets/ruleset-docs.controller';
import { RulesetEvaluationsController } from './rulesets/ruleset-evaluations.controller';
import { RulesetReviewController } from './rulesets/ruleset-review.controller';
import { RulesetSubmissionsController } from './rulesets/ruleset-submissions.controller';
import { RulesetsController } from './rulesets/rulesets.controller';
import { RulesetViews } from './rulesets/ruleset-views';
import { FollowsController } from './follows/follows.controller';
import { WebhooksController } from './webhooks/webhooks.controller';
import { WorkspaceWebhooksController } from './webhooks/workspace-webhooks.controller';
import { AuditController } from './audit/audit.controller';
import { AuditOutbox } from './audit/audit-outbox';
import { AuditRecorder } from './audit/audit-recorder';
import { AuditWorkspaces } from './audit/audit-workspaces';
import { SearchController } from './search/search.controller';
import { GovernanceController } from './governance/governance.controller';

@Module({})
export class GatewayModule {
  static register(env: GatewayEnv, bus: BusConfig): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        MessagingModule.forRoot(bus, 'gateway'),
        HealthModule.register({ controller: true, busCheck: GatewayReadiness }),
      ],
      controllers: [
        AuthController,
        TokensController,
        MeController,
        UsersController,
        PoliciesController,
        CommentsController,
        SubmissionsController,
        TransfersController,
        AdminController,
        ConnectionsController,
        WorkspacesController,
        WorkspaceMembersController,
        WorkspaceConnectionsController,
        DeploymentsController,
        ProvenanceController,
        AdoptionController,
        RolloutsController,
        DeploymentSettingsController,
        RulesetsController,
        RulesetDocsController,
        RulesetSubmissionsController,
        RulesetReviewController,
        WebhooksController,
        WorkspaceWebhooksController,
        FollowsController,
        AuditController,
        RulesetEvaluationsController,
        SearchController,
        GovernanceController,
      ],
      providers: [
        { provide: GatewayEnv, useValue: env },
        { provide: CALLER_CACHE_OPTIONS, useValue: { ttlMs: env.AUTH_CACHE_TTL_MS } },
        CallerCache,
        SessionService,
        LoginThrottle,
        RateLimits,
        RateLimitGuard,
        TokenRevocation,
        EventStreams,
        LogHub,
        LogStreams,
        RolloutStreams,
        ContentVersions,
        ResponseCache,
        CallerParts,
        PublicReads,
        AuditOutbox,
        AuditWorkspaces,
        RulesetViews,
        ListingSearch,
        AuthGuard,
        { provide: APP_GUARD, useExisting: AuthGuard },
        { provide: APP_INTERCEPTOR, useClass: AuditRecorder },
      ],
    };
  }
}
