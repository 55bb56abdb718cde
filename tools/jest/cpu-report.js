// With PC_TEST_CPU_REPORT=<file>, each test file appends one line to <file>: its path, wall seconds and
// the CPU seconds of its Jest worker and of the child processes it waited for (npm start, chromium, npm,
// builds), read from /proc. CPU time, unlike wall time, hardly moves with the machine's load: the figure
// to read when making `npm test` faster on a shared machine (`node tools/jest/cpu-summary.js <file>`).
const fs = require('node:fs');
const path = require('node:path');

const file = process.env.PC_TEST_CPU_REPORT;
if (file) {
  const ticks = () => {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // utime, stime, cutime, cstime (fields 14-17 of proc(5), counted from 1 before the name)
    return {
      own: Number(fields[11]) + Number(fields[12]),
      children: Number(fields[13]) + Number(fields[14]),
    };
  };
  // From here: the test file's imports count too (this runs before the file is loaded).
  const start = ticks();
  const wall = Date.now();
  afterAll(() => {
    const end = ticks();
    const hz = 100;
    const line = {
      file: path.relative(path.join(__dirname, '..', '..'), expect.getState().testPath),
      wallS: (Date.now() - wall) / 1000,
      cpuS: (end.own - start.own) / hz,
      childrenCpuS: (end.children - start.children) / hz,
    };
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  });
}
