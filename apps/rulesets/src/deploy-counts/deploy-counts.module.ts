import { Module } from '@nestjs/common';
import { DeployCountsRepository } from './deploy-counts.repository';
import { DeployCountsSubscriber } from './deploy-counts.subscriber';

/** A ruleset's successful deployments, counted once per durable event. */
@Module({ providers: [DeployCountsRepository, DeployCountsSubscriber] })
export class DeployCountsModule {}
