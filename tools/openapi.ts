// Writes the OpenAPI document the gateway serves to docs/openapi.json (and .yaml), or with --check
// fails when the committed copy differs from what the code generates.
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createGateway, GatewayEnv } from '@pc/gateway';
import { InProcessBroker, loadEnv, setLogLevel } from '@pc/platform';
import { stringify } from 'yaml';

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
  if (check) {
    let committed = '';
    try {
      committed = readFileSync(file, 'utf8');
    } catch {
      committed = '';
    }
    if (committed !== json) {
      console.error('docs/openapi.json is out of date: run `npm run openapi` and commit the result');
      process.exit(1);
    }
    console.log('docs/openapi.json matches the code');
    return;
  }
  writeFileSync(file, json);
  writeFileSync(path.join(__dirname, '..', 'docs', 'openapi.yaml'), stringify(document));
  console.log(`wrote ${file}`);
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
