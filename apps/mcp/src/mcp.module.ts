import { type DynamicModule, Injectable, Module } from '@nestjs/common';
import {
  type BusConfig,
  BusClient,
  CALLER_CACHE_OPTIONS,
  CallerCache,
  HealthModule,
  ListingSearch,
  MessagingModule,
  SERVICE_PINGS,
  ServicesReadiness,
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

/**
 * The tools call every service (and identity reads the tokens): the tool server run alone is ready when
 * each answers, and /health/ready names each one missing in fixed words, as the gateway's does (it is
 * public too).
 */
@Injectable()
export class McpReadiness extends ServicesReadiness {
  constructor(bus: BusClient) {
    super(bus, SERVICE_PINGS);
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
