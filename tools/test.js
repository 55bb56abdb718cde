#!/usr/bin/env node
// `npm test`: every Jest project (unit, integration against real PostgreSQL, end-to-end over real
// NATS and over the in-process bus). Extra arguments go to Jest, e.g. `npm test -- apps/identity/` (one folder).
const { spawnSync } = require('node:child_process');
const result = spawnSync(process.execPath, [require.resolve('jest/bin/jest'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
