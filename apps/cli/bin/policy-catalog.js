#!/usr/bin/env node
// `npx policy-catalog` (and `npx pcat`) in a clone of the repository: runs the TypeScript sources
// through SWC, like `npm start`. The published package runs its compiled dist/apps/cli/src/bin.js instead.
require('../../../tools/register.js');
require('../src/bin.ts');
