#!/usr/bin/env node
// The last step of `npm run build`: copies the data files the apps read at run time next to their
// compiled output in dist/, and writes each app's production entry point, dist/apps/<app>/main.js
// (`node dist/apps/<app>/main.js`: plain JavaScript, no TypeScript hook, configured by environment only).
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const ASSETS = ['libs/vendor-index/data'];
for (const asset of ASSETS) {
  fs.cpSync(path.join(root, asset), path.join(root, 'dist', asset), { recursive: true });
}
for (const app of fs.readdirSync(path.join(root, 'apps'))) {
  if (!fs.existsSync(path.join(root, 'apps', app, 'src', 'main.ts'))) continue;
  const compiled = path.join(root, 'dist', 'apps', app, 'src', 'main.js');
  if (!fs.existsSync(compiled)) throw new Error(`the build did not produce ${path.relative(root, compiled)}`);
  fs.writeFileSync(
    path.join(root, 'dist', 'apps', app, 'main.js'),
    `'use strict';\n// Written by \`npm run build\` (tools/copy-assets.js): the production entry point of ${app}.\nrequire('./src/main.js');\n`,
  );
}
