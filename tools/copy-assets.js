#!/usr/bin/env node
// Copies the data files the apps read at run time next to their compiled output in dist/.
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const ASSETS = ['libs/vendor-index/data'];
for (const asset of ASSETS) {
  fs.cpSync(path.join(root, asset), path.join(root, 'dist', asset), { recursive: true });
}
