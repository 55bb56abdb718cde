import { Module } from '@nestjs/common';
import { IdeasClient } from './ideas.client';

/** The catalog's ideas a ruleset delivers, asked over the bus. */
@Module({ providers: [IdeasClient], exports: [IdeasClient] })
export class IdeasModule {}
