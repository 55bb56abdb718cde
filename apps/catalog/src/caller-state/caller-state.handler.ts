import { Controller } from '@nestjs/common';
import { CatalogCallerStateRpc, type Envelope } from '@pc/contracts';
import { Handles } from '@pc/platform';
import { CallerStateService } from './caller-state.service';

@Controller()
export class CallerStateHandler {
  constructor(private readonly states: CallerStateService) {}

  @Handles(CatalogCallerStateRpc.get)
  get({ ctx }: Envelope<Record<string, never>>) {
    return this.states.of(ctx);
  }
}
