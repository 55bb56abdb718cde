/**
 * The load generator of `npm run bench`: autocannon in a process of its own, so that it shares neither a
 * server's event loop nor the run's. Started once per run, it is given one load at a time over IPC, as
 * the arguments of autocannon's command line (`-d 10 -c 10 -H k=v <url>`, parsed by autocannon's own
 * parser), and answers with the result the command line prints with `-j`. A run makes dozens of loads;
 * each used to start a process of its own that spent a third of a second of CPU loading autocannon
 * before its first request (with the smoke test's one-second loads, about as much as the load itself).
 */
interface Autocannon {
  (opts: Record<string | symbol, unknown>, cb: (error: Error | null, result: unknown) => void): unknown;
  parseArguments(argv: string[]): Record<string | symbol, unknown> | undefined;
}

// No types of its own.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon = require('autocannon') as Autocannon;

process.on('message', (args: string[]) => {
  const opts = autocannon.parseArguments(args);
  if (!opts) {
    process.send!({ error: `autocannon did not take ${args.join(' ')}` });
    return;
  }
  // The result to the caller, not printed; no progress tracking (the command line's, to stderr).
  opts.json = false;
  delete opts[Symbol.for('internal')];
  autocannon(opts, (error, result) =>
    process.send!(error ? { error: String(error.stack ?? error) } : { result }),
  );
});
// Ends with the run (its IPC channel closing).
process.on('disconnect', () => process.exit(0));
