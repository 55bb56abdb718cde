// With PC_TEST_HANDLES_REPORT=<dir>, each Jest worker that is still alive after Jest has told it to end
// writes <dir>/worker-<pid>.json: the test files it ran (in order, with their start times) and what still
// holds it open, sampled four times 120 ms apart: its handles (sockets with their endpoints) and its
// ref'd timers (delay and callback source). Jest force-exits a worker still alive after 500 ms ("A worker
// process has failed to exit gracefully"): this names what kept it, and the files that could have left it.
// A worker that exits at once writes nothing. Loaded by tools/jest/runtime.js, once per worker.
const fs = require('node:fs');
const path = require('node:path');
const asyncHooks = require('node:async_hooks');

const dir = process.env.PC_TEST_HANDLES_REPORT;
const files = [];

if (dir) {
  fs.mkdirSync(dir, { recursive: true });
  // Every timer of the worker, by its async id, until it is cleared or has fired for the last time.
  const timers = new Map();
  asyncHooks
    .createHook({
      init(id, type, _trigger, resource) {
        if (type === 'Timeout') timers.set(id, resource);
      },
      destroy(id) {
        timers.delete(id);
      },
    })
    .enable();

  // By file descriptor: reading `process.stdin` would open a stdin handle, one more in the report.
  const std = (handle) => ['stdin', 'stdout', 'stderr'][handle._handle?.fd];
  const sample = () => ({
    resources: process.getActiveResourcesInfo(),
    handles: process._getActiveHandles().map((handle) => ({
      type: handle.constructor.name,
      std: std(handle),
      remote: handle.remoteAddress ? `${handle.remoteAddress}:${handle.remotePort}` : undefined,
      local: handle.localPort,
    })),
    timers: [...timers.values()]
      .filter((timer) => timer.hasRef() && !timer._destroyed)
      .map((timer) => ({
        ms: timer._idleTimeout,
        repeat: timer._repeat !== null,
        fn: String(timer._onTimeout).slice(0, 400),
      })),
  });

  // Jest ends a worker by removing its 'message' listener and waiting for the process to exit.
  const samples = [];
  const poll = setInterval(() => {
    if (process.listenerCount('message') > 0) return;
    samples.push(sample());
    fs.writeFileSync(
      path.join(dir, `worker-${process.pid}.json`),
      JSON.stringify({ files, samples }, null, 1),
    );
    if (samples.length === 4) clearInterval(poll);
  }, 120);
  poll.unref();
}

/** Notes the test file a runtime is made for (a no-op unless the report is on). */
exports.noteTestFile = (testPath) => {
  if (dir)
    files.push(`${new Date().toISOString()} ${path.relative(path.join(__dirname, '..', '..'), testPath)}`);
};
