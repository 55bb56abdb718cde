export { OutboxModule } from './outbox.module';
export { OutboxRelay } from './outbox.relay';
