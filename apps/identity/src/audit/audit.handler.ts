import { Controller } from '@nestjs/common';
import { AuditRpc, type Envelope, type ListAuditRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { AuditService } from './audit.service';

@Controller()
export class AuditHandler {
  constructor(private readonly audit: AuditService) {}

  @Handles(AuditRpc.list)
  list({ ctx, data }: Envelope<ListAuditRequest>) {
    return this.audit.list(ctx, data);
  }
}
