// Longest test files first, so that no long file starts last and runs alone at the end of `npm test`.
// Jest knows durations only from an earlier run on the same checkout (its cache); on a fresh clone it
// would order by file size, and the README walk-throughs (a small file, one of the longest) started last.
// So: this run's cache when it has the file, else the committed durations (tools/jest/durations.json,
// seconds, refresh with `node tools/jest/cpu-summary.js <report> --durations`), else the file's size.
const fs = require('node:fs');
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const root = path.join(__dirname, '..', '..');
const hints = JSON.parse(fs.readFileSync(path.join(__dirname, 'durations.json'), 'utf8'));

class LongestFirst extends Sequencer {
  sort(tests) {
    const weight = (test) => {
      const known = this.time(test) ?? hints[path.relative(root, test.path)];
      // Unknown files: a second per 2 kB, below every measured long file.
      return known ?? (test.context.hasteFS.getSize(test.path) ?? 0) / 2048;
    };
    const weights = new Map(tests.map((t) => [t, weight(t)]));
    return [...tests].sort(
      (a, b) => Number(this.hasFailed(b)) - Number(this.hasFailed(a)) || weights.get(b) - weights.get(a),
    );
  }
}

module.exports = LongestFirst;
