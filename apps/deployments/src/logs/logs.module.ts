import { Module } from '@nestjs/common';
import { DeploymentsFeatureModule } from '../deployments';
import { LogsHandler } from './logs.handler';
import { LogsService } from './logs.service';

/** A deployment's stored log chunks after a position (the gateway's log stream). */
@Module({ imports: [DeploymentsFeatureModule], controllers: [LogsHandler], providers: [LogsService] })
export class LogsModule {}
