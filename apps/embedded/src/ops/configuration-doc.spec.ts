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

  it.each([
    ['identity', 'WEBHOOKS_ENCRYPTION_KEYS'],
    ['connections', 'CONNECTIONS_ENCRYPTION_KEYS'],
    ['deployments', 'PROVENANCE_SIGNING_KEYS'],
    ['deployment-worker', 'PROVENANCE_SIGNING_KEYS'],
  ])('says %s requires %s, which npm start generates into DATA_DIR', (app, name) => {
    const row = configurationDoc()
      .split('\n')
      .find((line) => line.startsWith(`| \`${name}\``))!;
    const [, , readers, defaults, meaning] = row.split(/\s*\|\s*/);
    expect(readers.split(', ')).toEqual(expect.arrayContaining([app, 'npm start']));
    // The default column: each reader's own, the app's "required".
    const byReaders = Object.fromEntries(
      defaults.split('; ').flatMap((part) => {
        const [who, value] = part.split(': ');
        return who.split(', ').map((reader) => [reader, value]);
      }),
    );
    expect({ [app]: byReaders[app], 'npm start': byReaders['npm start'] }).toEqual({
      [app]: 'required',
      'npm start': 'unset',
    });
    // The meaning says what the app's own class says, not npm start's generated key alone.
    expect(meaning).toMatch(/Required/);
  });
});
