/** API specifications of the evaluation tests, one per format the engine evaluates, and a community profile. */

/** Line 13 is the operation without operationId; line 7 the one with it. */
export const OAS3 = `openapi: 3.0.0
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      description: Lists pets.
      responses:
        '200':
          description: The pets.
    post:
      responses:
        '201':
          description: Created.
`;

export const OAS2 = `{
  "swagger": "2.0",
  "info": { "title": "Pets", "version": "1" },
  "paths": {
    "/pets": {
      "get": {
        "responses": { "200": { "description": "The pets." } }
      }
    }
  }
}
`;

export const RAML = `#%RAML 1.0
title: Pets
/pets:
  get:
    description: Lists pets.
    responses:
      200:
        body:
          application/json:
            type: string
`;

export const ASYNC = `asyncapi: 2.0.0
info:
  title: Orders
  version: 1.0.0
channels:
  orders:
    subscribe:
      message:
        payload:
          type: string
`;

/** A community-style profile: operations need an operationId (core.name in the model). */
export const OPERATION_IDS = `#%Validation Profile 1.0
profile: Operation ids
description: Every operation has an operationId.
violation:
  - operation-id-required
validations:
  operation-id-required:
    message: Every operation needs an operationId.
    targetClass: apiContract.Operation
    propertyConstraints:
      core.name:
        minCount: 1
`;
