// Runs TypeScript sources directly (decorator metadata and the path aliases of tsconfig.base.json
// included) so that `npm start` needs no build step. Production images run the `npm run build` output.
const path = require('node:path');
const Module = require('node:module');

const root = path.join(__dirname, '..');
process.env.SWC_NODE_PROJECT ??= path.join(root, 'tsconfig.json');

const { compilerOptions } = require(path.join(root, 'tsconfig.base.json'));
const aliases = new Map(
  Object.entries(compilerOptions.paths).map(([alias, [target]]) => [alias, path.join(root, target)]),
);
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const target = aliases.get(request);
  return resolve.call(this, target ?? request, ...rest);
};

require('@swc-node/register');
