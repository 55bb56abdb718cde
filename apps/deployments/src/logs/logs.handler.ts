import { Controller } from '@nestjs/common';
import { DeploymentsRpc, type Envelope, type LogsAfterRequest } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { LogsService } from './logs.service';

@Controller()
export class LogsHandler {
  constructor(private readonly logs: LogsService) {}

  @Handles(DeploymentsRpc.logsAfter)
  after({ ctx, data }: Envelope<LogsAfterRequest>) {
    return this.logs.after(ctx, data);
  }
}
