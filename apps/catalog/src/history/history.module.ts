import { Module } from '@nestjs/common';
import { PolicyHistory } from './policy-history.repository';

/** Every change to a policy (`catalog.policy_history`), recorded by the features that make it. */
@Module({ providers: [PolicyHistory], exports: [PolicyHistory] })
export class HistoryModule {}
