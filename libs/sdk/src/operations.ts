import type { FetchOptions } from 'openapi-fetch';
import type { RequiredKeysOf, SuccessResponseJSON } from 'openapi-typescript-helpers';
import type { operations } from './generated/openapi';
import { OPERATIONS } from './generated/operations';

export { OPERATIONS };

/** The operationId of every operation of the API (`Policies_get`, `Deployments_create`, ...). */
export type OperationId = keyof typeof OPERATIONS & keyof operations;

/** What a call of the operation takes: `params` (path, query, header) and `body`, typed from the document. */
export type OperationInit<K extends OperationId> = FetchOptions<operations[K]>;

/** The JSON body of the operation's success answer. */
export type OperationData<K extends OperationId> = SuccessResponseJSON<operations[K]>;

/** The init argument, optional when the operation needs neither parameters nor a body. */
export type InitArgs<K extends OperationId> =
  RequiredKeysOf<OperationInit<K>> extends never ? [init?: OperationInit<K>] : [init: OperationInit<K>];

type GroupOf<K> = K extends `${infer G}_${string}` ? Uncapitalize<G> : never;
type NameOf<K> = K extends `${string}_${infer N}` ? N : never;

/**
 * Every operation as a method, grouped by its tag: `Policies_get` is `api.policies.get(init)`,
 * `RulesetEvaluations_several` is `api.rulesetEvaluations.several(init)`.
 */
export type Operations = {
  [G in GroupOf<OperationId>]: {
    [K in OperationId as GroupOf<K> extends G ? NameOf<K> : never]: (
      ...init: InitArgs<K>
    ) => Promise<OperationData<K>>;
  };
};
