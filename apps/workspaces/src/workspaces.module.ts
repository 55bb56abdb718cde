import { type DynamicModule, Module } from '@nestjs/common';
import { DatabaseModule } from '@pc/platform';
import { WorkspaceAccessRules } from './common/workspace-access';
import { workspacesDatabase } from './database/workspaces.datasource';
import { BusDeploymentsLedger, DEPLOYMENTS_LEDGER } from './deployments/deployments.ledger';
import { MembersHandler } from './members/members.handler';
import { MembersService } from './members/members.service';
import { SharesHandler } from './shares/shares.handler';
import { SharesService } from './shares/shares.service';
import { WorkspacesEnv } from './workspaces.env';
import { WorkspacesHandler } from './workspaces/workspaces.handler';
import { WorkspacesRepository } from './workspaces/workspaces.repository';
import { MembersRepository } from './members/members.repository';
import { SharesRepository } from './shares/shares.repository';
import { WorkspacesService } from './workspaces/workspaces.service';

@Module({})
export class WorkspacesModule {
  static register(env: WorkspacesEnv): DynamicModule {
    return {
      module: WorkspacesModule,
      imports: [
        DatabaseModule.forService({
          ...workspacesDatabase,
          url: env.DATABASE_URL,
          poolSize: env.DB_POOL_SIZE,
        }),
      ],
      controllers: [WorkspacesHandler, MembersHandler, SharesHandler],
      providers: [
        { provide: WorkspacesEnv, useValue: env },
        { provide: DEPLOYMENTS_LEDGER, useClass: BusDeploymentsLedger },
        WorkspacesRepository,
        MembersRepository,
        SharesRepository,
        WorkspaceAccessRules,
        WorkspacesService,
        MembersService,
        SharesService,
      ],
    };
  }
}
