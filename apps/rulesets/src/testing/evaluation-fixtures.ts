/**
 * The one finding of the `OPERATION_IDS` profile on `OAS3` (of @pc/testing), read as `api.yaml`: its post
 * has no operationId. As the engine, the evaluator threads and the service report it.
 */
export const OAS3_MISSING_OPERATION_ID = {
  rule: 'operation-id-required',
  severity: 'violation',
  message: 'Every operation needs an operationId.',
  file: 'api.yaml',
  line: 13,
  column: 5,
  pointer: '#/paths/~1pets/post',
  modelPath: '/endpoint[/pets]/supportedOperation[post]',
} as const;
