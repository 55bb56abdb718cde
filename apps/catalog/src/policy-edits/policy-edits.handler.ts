import { CatalogRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { PolicyEditsService } from './policy-edits.service';

export const PolicyEditsHandler = handlerOf('PolicyEditsHandler', { edits: PolicyEditsService }, (serve) => [
  serve(CatalogRpc.updatePolicy, ({ edits }, ctx, data) => edits.update(ctx, data)),
]);
