export { LedgerModule } from './ledger.module';
