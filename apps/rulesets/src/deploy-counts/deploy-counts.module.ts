import { Module } from '@nestjs/common';
import { DeployCountsSubscriber } from './deploy-counts.subscriber';

/** A ruleset's successful deployments, counted once per durable event. */
@Module({ providers: [DeployCountsSubscriber] })
export class DeployCountsModule {}
