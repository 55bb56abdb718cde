export { OutboxModule } from './outbox.module';
export { Outbox } from './outbox.service';
