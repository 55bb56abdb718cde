import { Module } from '@nestjs/common';
import { IdeaDeliveriesConsumer } from './idea-deliveries.consumer';
import { IdeaDeliveriesRepository } from './idea-deliveries.repository';
import { IdeasClient } from './ideas.client';

/** The catalog's ideas a ruleset delivers, asked over the bus; an approval's delivery, made after its commit. */
@Module({
  providers: [IdeasClient, IdeaDeliveriesRepository, IdeaDeliveriesConsumer],
  exports: [IdeasClient],
})
export class IdeasModule {}
