import { Module } from '@nestjs/common';
import { CreateModule } from '../create';
import { JobsModule } from '../jobs';
import { OutboxModule } from '../outbox';
import { PlatformModule } from '../platform';
import { RolloutAccess } from './rollout-access';
import { RolloutDriver } from './rollout.driver';
import { RolloutEvents } from './rollout-events';
import { RolloutsHandler } from './rollouts.handler';
import { RolloutsRepository } from './rollouts.repository';
import { RolloutsService } from './rollouts.service';

/** Roll-outs: a deployment to many organizations in steps, advanced by the driver, halted and restored. */
@Module({
  imports: [CreateModule, JobsModule, OutboxModule, PlatformModule],
  controllers: [RolloutsHandler],
  providers: [RolloutsRepository, RolloutAccess, RolloutEvents, RolloutDriver, RolloutsService],
})
export class RolloutsModule {}
