import { Module } from '@nestjs/common';
import { IdentityCommonModule } from '../common/common.module';
import { AuditHandler } from './audit.handler';
import { AuditRepository } from './audit.repository';
import { AuditService } from './audit.service';
import { AuditSubscriber } from './audit.subscriber';

/** The audit log the gateway records: kept, redacted, listed by who may read it. */
@Module({
  imports: [IdentityCommonModule],
  controllers: [AuditHandler],
  providers: [AuditRepository, AuditService, AuditSubscriber],
})
export class AuditModule {}
