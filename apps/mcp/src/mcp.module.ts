import { randomUUID } from 'node:crypto';
import { type DynamicModule, Injectable, Module } from '@nestjs/common';
import { ANONYMOUS, CatalogRpc, IdentityRpc, RulesetsRpc } from '@pc/contracts';
import {
  type BusConfig,
  BusClient,
  CALLER_CACHE_OPTIONS,
  CallerCache,
  HealthModule,
  ListingSearch,
  MessagingModule,
  type ReadinessCheck,
} from '@pc/platform';
import { McpEndpoint } from './http/mcp-endpoint';
import { McpEnv } from './mcp.env';
import { AccountTools } from './tools/account.tools';
import { GovernanceTools } from './tools/governance.tools';
import { DeploymentTools } from './tools/deployments.tools';
import { IdeaTools } from './tools/ideas.tools';
import { PolicyTools } from './tools/policies.tools';
import { RulesetTools } from './tools/rulesets.tools';
import { SearchTools } from './tools/search.tools';
import { ToolLimits } from './tools/tool-limits';
import { TOOL_SETS } from './tools/tool-set';
import { WorkspaceTools } from './tools/workspaces.tools';

/** The services the tools call; the tool server is ready when each answers a ping. */
const UPSTREAMS = [IdentityRpc.ping, CatalogRpc.ping, RulesetsRpc.ping] as const;

@Injectable()
export class McpReadiness implements ReadinessCheck {
  readonly name = 'bus';
  constructor(private readonly bus: BusClient) {}
  async check(): Promise<void> {
    const ctx = { requestId: randomUUID(), caller: ANONYMOUS };
    await Promise.all(UPSTREAMS.map((ping) => this.bus.request(ping, ctx, {}, { timeoutMs: 2000 })));
  }
}

const TOOL_SET_CLASSES = [
  IdeaTools,
  SearchTools,
  PolicyTools,
  RulesetTools,
  AccountTools,
  DeploymentTools,
  GovernanceTools,
  WorkspaceTools,
];

/** The tool server: a bus client, the shared token look-up, and the tools. No database. */
@Module({})
export class McpModule {
  static register(env: McpEnv, bus: BusConfig, options: { health: boolean }): DynamicModule {
    return {
      module: McpModule,
      imports: [
        MessagingModule.forRoot(bus, 'mcp'),
        HealthModule.register({ controller: options.health, busCheck: McpReadiness }),
      ],
      providers: [
        { provide: McpEnv, useValue: env },
        { provide: CALLER_CACHE_OPTIONS, useValue: { ttlMs: env.AUTH_CACHE_TTL_MS } },
        CallerCache,
        ToolLimits,
        ListingSearch,
        ...TOOL_SET_CLASSES,
        { provide: TOOL_SETS, useFactory: (...sets: unknown[]) => sets, inject: TOOL_SET_CLASSES },
        McpEndpoint,
      ],
    };
  }
}
