import { Module } from '@nestjs/common';
import { CreateModule } from '../create';
import { PlatformModule } from '../platform';
import { PlanHandler } from './plan.handler';
import { PlanService } from './plan.service';

/** What a deployment or roll-out would change in each organization, before it is made. */
@Module({ imports: [CreateModule, PlatformModule], controllers: [PlanHandler], providers: [PlanService] })
export class PlanModule {}
