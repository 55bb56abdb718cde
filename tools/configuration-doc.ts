// `npm run docs:configuration`: writes docs/configuration.md from the apps' configuration classes
// (apps/embedded/src/ops/configuration-doc.ts); its test fails when the committed file differs.
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { configurationDoc } from '../apps/embedded/src/ops/configuration-doc';

const file = path.join(__dirname, '..', 'docs', 'configuration.md');
writeFileSync(file, configurationDoc());
console.log(`wrote ${file}`);
