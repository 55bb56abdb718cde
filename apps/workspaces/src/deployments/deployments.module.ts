import { Module } from '@nestjs/common';
import { BusDeploymentsLedger, DEPLOYMENTS_LEDGER } from './deployments.ledger';

/** What workspaces know of deployments, asked of the deployments service over the bus. */
@Module({
  providers: [{ provide: DEPLOYMENTS_LEDGER, useClass: BusDeploymentsLedger }],
  exports: [DEPLOYMENTS_LEDGER],
})
export class DeploymentsLedgerModule {}
