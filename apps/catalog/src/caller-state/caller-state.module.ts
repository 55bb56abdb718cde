import { Module } from '@nestjs/common';
import { CallerStateHandler } from './caller-state.handler';
import { CallerStateRepository } from './caller-state.repository';
import { CallerStateService } from './caller-state.service';

/** The caller's own part of public policy reads (their likes, their policies), for the gateway. */
@Module({
  controllers: [CallerStateHandler],
  providers: [CallerStateRepository, CallerStateService],
})
export class CallerStateModule {}
