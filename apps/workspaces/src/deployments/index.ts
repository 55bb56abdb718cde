export { DeploymentsLedgerModule } from './deployments.module';
export { DEPLOYMENTS_LEDGER, type DeploymentsLedger } from './deployments.ledger';
