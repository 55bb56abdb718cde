import { CatalogRpc } from '@pc/contracts';
import { handlerOf } from '@pc/listings';
import { answeredAsJson } from '@pc/platform';
import { PolicyEditsService } from './policy-edits.service';

export const PolicyEditsHandler = handlerOf('PolicyEditsHandler', { edits: PolicyEditsService }, (serve) => [
  serve(answeredAsJson(CatalogRpc.updatePolicy), ({ edits }, ctx, data) => edits.update(ctx, data)),
]);
