import { Module } from '@nestjs/common';
import { DeployCountsRepository } from './deploy-counts.repository';
import { DeployCountsSubscriber } from './deploy-counts.subscriber';

/** A policy's deploy count, from the deployments service's durable events. */
@Module({ providers: [DeployCountsRepository, DeployCountsSubscriber] })
export class DeployCountsModule {}
