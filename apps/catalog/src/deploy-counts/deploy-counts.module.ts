import { Module } from '@nestjs/common';
import { DeployCountsSubscriber } from './deploy-counts.subscriber';

/** A policy's deploy count, from the deployments service's durable events. */
@Module({ providers: [DeployCountsSubscriber] })
export class DeployCountsModule {}
