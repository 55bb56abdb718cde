// Writes the OpenAPI document the gateway serves to docs/openapi.json (and .yaml), or with --check
// fails when the committed copy differs from what the code generates.
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createGateway, GatewayEnv } from '@pc/gateway';
import { InProcessBroker, loadEnv, setLogLevel } from '@pc/platform';
import { stringify } from 'yaml';
import { lintOpenApi } from './openapi-lint';

async function main(): Promise<void> {
  setLogLevel('error');
  const check = process.argv.includes('--check');
  const env = loadEnv(GatewayEnv, { LOG_LEVEL: 'error' });
  const { app, document } = await createGateway(env, {
    kind: 'in-process',
    broker: new InProcessBroker(),
    prefix: '',
    timeoutMs: 1000,
  });
  await app.close();
  const json = `${JSON.stringify(document, null, 2)}\n`;
  await assertValidOpenApi(JSON.parse(json) as object);
  const file = path.join(__dirname, '..', 'docs', 'openapi.json');
  const clientTypes = await clientTypesOf(JSON.parse(json) as object);
  const sdk = sdkFiles(clientTypes, JSON.parse(json) as OperationsDocument);
  const findings = await lintOpenApi(json);
  if (check) {
    failOn(findings);
    for (const [file, text] of sdk) {
      if (readOrEmpty(file) !== text) {
        console.error(
          `${path.relative(path.join(__dirname, '..'), file)} is out of date: run \`npm run openapi\` and commit the result`,
        );
        process.exit(1);
      }
    }
    if (readOrEmpty(file) !== json) {
      console.error('docs/openapi.json is out of date: run `npm run openapi` and commit the result');
      process.exit(1);
    }
    console.log(
      'docs/openapi.json and the SDK (its types, which the web app uses too) match the code; ' +
        "Redocly's recommended rules and spectral:oas find nothing",
    );
    return;
  }
  writeFileSync(file, json);
  writeFileSync(path.join(__dirname, '..', 'docs', 'openapi.yaml'), stringify(document));
  for (const [sdkFile, text] of sdk) writeFileSync(sdkFile, text);
  console.log(`wrote ${file} and the SDK's generated files`);
  failOn(findings);
}

/** The linters' findings, one a line, and a failing exit when there is any. */
function failOn(findings: Awaited<ReturnType<typeof lintOpenApi>>): void {
  if (findings.length === 0) return;
  for (const f of findings) console.error(`${f.linter} ${f.severity} ${f.rule} at ${f.where}: ${f.message}`);
  console.error(
    `${findings.length} finding(s) of the OpenAPI linters: fix the document (see tools/openapi-lint.ts)`,
  );
  process.exit(1);
}

function readOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** The typed client's types (the SDK's, which the web app uses too), generated with openapi-typescript. */
async function clientTypesOf(document: object): Promise<string> {
  // openapi-typescript is an ES module with a CommonJS build.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const openapiTS = require('openapi-typescript') as typeof import('openapi-typescript');
  const ast = await openapiTS.default(document as never);
  return `// Generated from docs/openapi.json by \`npm run openapi\`: do not edit.\n${openapiTS.astToString(ast)}`;
}

interface OperationsDocument {
  paths: Record<
    string,
    Record<string, { operationId?: string; parameters?: Array<{ in: string; name: string }> }>
  >;
}

/**
 * The SDK's generated files (libs/sdk/src/generated): the types (a module, so the package's build emits
 * them; the web app imports them too), and the table of operations by operationId (method and path),
 * from which the SDK builds one typed call per operation, and which take an Idempotency-Key.
 */
function sdkFiles(types: string, document: OperationsDocument): Array<[string, string]> {
  const dir = path.join(__dirname, '..', 'libs', 'sdk', 'src', 'generated');
  const rows: string[] = [];
  for (const [template, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!op.operationId) continue;
      // Operations that take an Idempotency-Key: the SDK sends one and may then retry them safely.
      const idempotent = (op.parameters ?? []).some(
        (p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key',
      );
      rows.push(
        `  ${op.operationId}: { method: '${method.toUpperCase()}', path: '${template}'${idempotent ? ', idempotencyKey: true' : ''} },`,
      );
    }
  }
  const operations =
    '// Generated from docs/openapi.json by `npm run openapi`: do not edit.\n' +
    '/** Every operation of the API by its operationId: its method and path template. */\n' +
    `export const OPERATIONS = {\n${rows.join('\n')}\n} as const;\n`;
  return [
    [path.join(dir, 'openapi.ts'), types],
    [path.join(dir, 'operations.ts'), operations],
  ];
}

/** The document must be valid OpenAPI 3.1, checked against the specification's JSON Schema. */
async function assertValidOpenApi(document: object): Promise<void> {
  // An ES module; Node 20.19+ loads it with require().
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Validator } = require('@seriousme/openapi-schema-validator') as {
    Validator: new () => {
      validate(d: object): Promise<{ valid: boolean; errors?: unknown }>;
      version: string;
    };
  };
  const validator = new Validator();
  const result = await validator.validate(document);
  if (!result.valid || validator.version !== '3.1') {
    console.error(`The OpenAPI document is not valid OpenAPI 3.1: ${JSON.stringify(result.errors, null, 2)}`);
    process.exit(1);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
