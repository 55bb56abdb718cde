#!/usr/bin/env node
// `npm run lint` runs this: inside each service whose features are folders (`featureModuleServices` of
// eslint.config.mjs), the feature folders' imports of each other form no cycle. Tests are left out (a
// test may reach across). Prints each cycle and fails; prints the folders' order when there is none.
const fs = require('node:fs');
const path = require('node:path');

const root = path.join(__dirname, '..');
const SERVICES = ['catalog', 'identity', 'workspaces', 'connections', 'rulesets', 'deployments'];
const TEST = /\.(spec|integration-spec|e2e-spec)\.ts$/;

function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.name.endsWith('.ts') && !TEST.test(entry.name) ? [full] : [];
  });
}

/** The feature folder → the folders it imports, for one service's src/. */
function folderGraph(src) {
  const graph = new Map();
  for (const folder of fs.readdirSync(src, { withFileTypes: true }).filter((e) => e.isDirectory()))
    graph.set(folder.name, new Set());
  for (const file of filesUnder(src)) {
    const from = path.relative(src, file).split(path.sep)[0];
    if (!graph.has(from)) continue;
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
      const to = path.relative(src, path.resolve(path.dirname(file), match[1])).split(path.sep)[0];
      if (to !== from && graph.has(to)) graph.get(from).add(to);
    }
  }
  return graph;
}

/** Every cycle's folders (one per strongly connected component with more than one folder). */
function cycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index++);
    stack.push(node);
    for (const next of graph.get(node)) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

module.exports = { folderGraph, cycles };

if (require.main === module) {
  let failed = false;
  for (const service of SERVICES) {
    const src = path.join(root, 'apps', service, 'src');
    for (const cycle of cycles(folderGraph(src))) {
      failed = true;
      console.error(
        `apps/${service}/src: the feature folders ${cycle.join(', ')} import each other in a cycle`,
      );
    }
  }
  if (failed) process.exit(1);
  console.log(`no import cycle between the feature folders of ${SERVICES.join(', ')}`);
}
