import { Module } from '@nestjs/common';
import { HistoryRepository } from './history.repository';
import { PolicyHistory } from './policy-history.service';

/** Every change to a policy (`catalog.policy_history`), recorded by the features that make it. */
@Module({ providers: [HistoryRepository, PolicyHistory], exports: [PolicyHistory] })
export class HistoryModule {}
