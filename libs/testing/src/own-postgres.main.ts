// Runs an embedded PostgreSQL in a process of its own (the package is an ES module Jest cannot load):
// `node -r ./tools/register.js libs/testing/src/own-postgres.main.ts <dataDir> <port>` prints one JSON
// line `{"adminUrl", "url", "credentialsFile"}` when ready (`url`: the service role on the
// `policy_catalog` database, as embedded mode connects), and stops PostgreSQL on SIGTERM.
import { startEmbeddedPostgres } from '@pc/platform';

async function main(): Promise<void> {
  const [dataDir, port] = process.argv.slice(2);
  const handle = await startEmbeddedPostgres(dataDir, Number(port));
  const url = await handle.ensureDatabase('policy_catalog');
  const ready = { adminUrl: handle.adminUrl('postgres'), url, credentialsFile: handle.credentialsFile };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  process.once('SIGTERM', () => {
    void handle.stop().then(() => process.exit(0));
  });
}

void main().catch((error: unknown) => {
  process.stderr.write(`${String(error instanceof Error ? error.stack : error)}\n`);
  process.exit(1);
});
