// Runs an embedded PostgreSQL in a process of its own (the package is an ES module Jest cannot load):
// `node -r ./tools/register.js libs/testing/src/own-postgres.main.ts <dataDir> <port> [<placement JSON>]`
// prints one JSON line `{"adminUrl", "url", "credentialsFile", "dataDir", "binDir"}` when ready (`url`:
// the service role on the `policy_catalog` database, as embedded mode connects), and stops PostgreSQL
// on SIGTERM. A set-up that cannot work prints its one message (no stack) and exits 1, as `npm start`.
import { EmbeddedPostgresSetupError, type PlacementOptions, startEmbeddedPostgres } from '@pc/platform';

async function main(): Promise<void> {
  const [dataDir, port, placement] = process.argv.slice(2);
  const options = placement ? (JSON.parse(placement) as PlacementOptions) : {};
  const handle = await startEmbeddedPostgres(dataDir, { ...options, port: Number(port) });
  const url = await handle.ensureDatabase('policy_catalog');
  const ready = {
    adminUrl: handle.adminUrl('postgres'),
    url,
    credentialsFile: handle.credentialsFile,
    dataDir: handle.dataDir,
    binDir: handle.binDir,
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  process.once('SIGTERM', () => {
    void handle.stop().then(() => process.exit(0));
  });
}

void main().catch((error: unknown) => {
  const detail =
    error instanceof EmbeddedPostgresSetupError
      ? error.message
      : error instanceof Error
        ? error.stack
        : error;
  process.stderr.write(`${String(detail)}\n`);
  process.exit(1);
});
