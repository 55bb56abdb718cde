// Writes the NATS server configuration for distributed mode (libs/platform's nats-permissions): JetStream,
// and one user per app whose permissions name exactly the subjects it uses, under a BUS_SUBJECT_PREFIX.
//
//   npm run nats:conf -- --prefix staging. --out nats.conf    (sources)
//   node dist/tools/nats-conf.js --prefix staging. > nats.conf (the build)
//
// deploy/nats/nats.conf is this output for an empty prefix (a test keeps it so).
import { writeFileSync } from 'node:fs';
import { renderNatsConf } from '@pc/platform';

function main(argv: string[]): void {
  let prefix = '';
  let out: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--prefix') prefix = argv[++i] ?? '';
    else if (argv[i] === '--out') out = argv[++i];
    else throw new Error(`usage: nats-conf [--prefix BUS_SUBJECT_PREFIX] [--out FILE]; unknown ${argv[i]}`);
  }
  const text = renderNatsConf(prefix);
  if (out) writeFileSync(out, text);
  else process.stdout.write(text);
}

if (require.main === module) main(process.argv.slice(2));
