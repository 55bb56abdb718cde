#!/usr/bin/env node
// Sums a PC_TEST_CPU_REPORT file (see cpu-report.js): total CPU and the files that cost most.
const fs = require('node:fs');
const path = require('node:path');

const rows = fs
  .readFileSync(process.argv[2], 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
if (process.argv.includes('--durations')) {
  // The sequencer's hints: wall seconds of the files that take 10 s or more, by path from the root.
  const long = rows.filter((r) => r.wallS >= 10).sort((a, b) => b.wallS - a.wallS);
  console.log(JSON.stringify(Object.fromEntries(long.map((r) => [r.file, Math.round(r.wallS)])), null, 2));
  process.exit(0);
}
const total = (k) => rows.reduce((a, r) => a + r[k], 0);
const cpu = (r) => r.cpuS + r.childrenCpuS;
console.log(
  `${rows.length} files: ${total('cpuS').toFixed(0)} s CPU in Jest workers, ${total('childrenCpuS').toFixed(0)} s in child processes, ${total('wallS').toFixed(0)} s wall summed`,
);
const tierOf = (file) =>
  file.endsWith('.e2e-spec.ts')
    ? 'end-to-end'
    : file.endsWith('.integration-spec.ts')
      ? 'integration and service'
      : 'unit';
const tiers = new Map();
for (const r of rows) {
  const t = tiers.get(tierOf(r.file)) ?? { files: 0, cpu: 0, wall: 0 };
  tiers.set(tierOf(r.file), { files: t.files + 1, cpu: t.cpu + cpu(r), wall: t.wall + r.wallS });
}
for (const [tier, t] of tiers)
  console.log(`  ${tier}: ${t.files} files, ${t.cpu.toFixed(0)} s CPU, ${t.wall.toFixed(0)} s wall summed`);
for (const r of [...rows].sort((a, b) => cpu(b) - cpu(a)).slice(0, Number(process.argv[3] ?? 40))) {
  console.log(
    `${cpu(r).toFixed(1).padStart(7)} s CPU (${r.childrenCpuS.toFixed(1).padStart(6)} children) ${r.wallS.toFixed(0).padStart(5)} s wall  ${r.file}`,
  );
}
