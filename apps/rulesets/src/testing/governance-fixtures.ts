/** Four rules on operations and responses: the post of OAS3 breaks two (no operationId, no description). */
export const GOVERNANCE_PROFILE = `#%Validation Profile 1.0
profile: API basics
violation:
  - operation-id-required
  - operation-described
warning:
  - response-described
info:
  - operation-named
validations:
  operation-id-required:
    message: Every operation needs an operationId.
    targetClass: apiContract.Operation
    propertyConstraints:
      apiContract.operationId:
        minCount: 1
  operation-described:
    message: Every operation is described.
    targetClass: apiContract.Operation
    propertyConstraints:
      core.description:
        minCount: 1
  response-described:
    message: Every response is described.
    targetClass: apiContract.Response
    propertyConstraints:
      core.description:
        minCount: 1
  operation-named:
    message: Operations have a method.
    targetClass: apiContract.Operation
    propertyConstraints:
      apiContract.method:
        minCount: 1
`;
