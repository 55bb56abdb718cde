import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../testing/deploy-files';
import { configurationDoc } from './configuration-doc';

describe('docs/configuration.md', () => {
  it('is what the configuration classes generate (npm run docs:configuration), variable for variable', () => {
    const committed = readFileSync(path.join(ROOT, 'docs', 'configuration.md'), 'utf8');
    expect(committed).toBe(configurationDoc());
  });
});
