import { Module } from '@nestjs/common';
import { ConnectionsFeatureModule } from '../connections';
import { PlatformModule } from '../platform';
import { SecretsModule } from '../secrets';
import { OrgsHandler } from './orgs.handler';
import { OrgsService } from './orgs.service';

/** The organizations a connection's credential reaches, and those it may deploy to. */
@Module({
  imports: [ConnectionsFeatureModule, PlatformModule, SecretsModule],
  controllers: [OrgsHandler],
  providers: [OrgsService],
})
export class OrgsModule {}
