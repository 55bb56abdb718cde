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

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
