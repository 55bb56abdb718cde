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

/** OpenAPI 3.1 (webhooks and `type` lists are its own): line 14 is the operation without operationId. */
export const OAS31 = `openapi: 3.1.0
info:
  title: Pets
  version: 1.0.0
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200':
          description: The pets.
webhooks:
  newPet:
    post:
      responses:
        '200':
          description: Received.
components:
  schemas:
    Pet:
      type: [object, 'null']
`;

/** AsyncAPI 2.6: its operations are at lines 8 and 13. */
export const ASYNC26 = `asyncapi: 2.6.0
info:
  title: Orders
  version: 1.0.0
channels:
  orders:
    description: Placed orders.
    subscribe:
      message:
        payload:
          type: string
  refunds:
    publish:
      message:
        payload:
          type: string
`;

/** AsyncAPI 3.0, which the engine does not parse. */
export const ASYNC3 = `asyncapi: 3.0.0
info:
  title: Orders
  version: 1.0.0
channels:
  orders:
    address: orders
operations:
  receiveOrder:
    action: receive
    channel:
      $ref: '#/channels/orders'
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

/**
 * An OpenAPI 3.0 document whose schemas reuse each other through YAML anchors, `levels` deep and `width`
 * wide: about a kilobyte at 6 by 10, standing for width^levels schema nodes once the aliases are expanded
 * (the engine's parser spends minutes on it).
 */
export function aliasNestedSpecification(levels: number, width: number): string {
  const lines = ['openapi: 3.0.0', 'info:', '  title: Nested', "  version: '1'", 'paths: {}', 'components:'];
  lines.push('  schemas:', '    l0: &l0 {type: string}');
  for (let level = 1; level <= levels; level++) {
    const properties = Array.from({ length: width }, (_, i) => `p${i}: *l${level - 1}`).join(', ');
    lines.push(`    l${level}: &l${level} {type: object, properties: {${properties}}}`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A Spectral ruleset (`.spectral.yaml`): the built-in OpenAPI rules on their recommended severities, one
 * turned off, and a rule of its own (an error: every operation has an operationId). On OAS3 its own rule
 * fires once, at line 13 (the post without operationId).
 */
export const SPECTRAL_OPERATION_IDS = `description: Operation ids, on top of the recommended OpenAPI rules.
extends: [[spectral:oas, recommended]]
rules:
  info-contact: off
  operation-id-required:
    description: Every operation has an operationId.
    message: Every operation needs an operationId.
    severity: error
    given: $.paths[*][get,put,post,delete,options,head,patch,trace]
    then:
      field: operationId
      function: truthy
`;

/**
 * A generated OpenAPI 3.1 document of at most `bytes` bytes (and just under; at least one path): `/resources-<n>` paths,
 * each with a get and a post and a schema, the way a large API description is large. Every post lacks an
 * operationId (one finding each for a ruleset that asks for one).
 */
export function largeOpenApi31(bytes: number): string {
  const head = `openapi: 3.1.0\ninfo:\n  title: Large\n  version: 1.0.0\n  description: A generated document.\nservers:\n  - url: https://api.example.com\npaths:\n`;
  const path = (n: number) => `  /resources-${n}:
    get:
      operationId: listResources${n}
      summary: Lists resources ${n}.
      description: Lists the resources of kind ${n}, a page at a time.
      tags: [resources]
      responses:
        '200':
          description: The resources.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Resource${n}'
    post:
      summary: Creates a resource ${n}.
      description: Creates a resource of kind ${n}.
      tags: [resources]
      responses:
        '201':
          description: Created.
`;
  const schema = (n: number) => `    Resource${n}:
      type: object
      description: A resource of kind ${n}.
      properties:
        id: {type: string, description: The id.}
        name: {type: string, description: The name.}
`;
  const tail = 'tags:\n  - name: resources\n    description: Resources.\ncomponents:\n  schemas:\n';
  const paths: string[] = [];
  const schemas: string[] = [];
  let size = head.length + tail.length;
  for (let n = 0; paths.length === 0 || size + path(n).length + schema(n).length <= bytes; n += 1) {
    paths.push(path(n));
    schemas.push(schema(n));
    size += path(n).length + schema(n).length;
  }
  return `${head}${paths.join('')}${tail}${schemas.join('')}`;
}

/**
 * A Spectral ruleset of one rule of its own (every operation has an operationId), without the built-in
 * rules: for tests of sizes, not of how long the built-in rules take (bench/).
 */
export const SPECTRAL_OPERATION_ID_ONLY =
  'description: Operation ids.\nrules:\n  operation-id-required:\n    description: Every operation has an operationId.\n' +
  '    severity: error\n    given: $.paths[*][get,put,post,delete,options,head,patch,trace]\n' +
  '    then:\n      field: operationId\n      function: truthy\n';
