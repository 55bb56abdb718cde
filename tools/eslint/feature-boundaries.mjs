// ESLint rule `pc/feature-boundaries`: inside a service, a feature folder (`apps/<app>/src/<feature>/`)
// reaches another feature only through what that one exports: its `index.ts` or its `<feature>.module.ts`.
// Shared folders of the service (`common/`, `database/`, `testing/`) and the service's root files are
// open to every feature. See docs/architecture.md ("Modules").
import path from 'node:path';

const SHARED = new Set(['common', 'database', 'testing']);

/** `{app, feature}` of a file under apps/<app>/src/<feature>/, else null. */
function locate(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('apps');
  if (at < 0) return null;
  // lint-fixtures/src/<feature>/ mirrors src/<feature>/ (tools/check-boundaries.js lints the fixtures).
  const src = parts[at + 2] === 'lint-fixtures' && parts[at + 3] === 'src' ? at + 3 : at + 2;
  if (parts[src] !== 'src' || parts.length < src + 3) return null;
  return { app: parts[at + 1], feature: parts[src + 1], rest: parts.slice(src + 2) };
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Import another feature folder only through its module or index, never its internals',
    },
    schema: [],
    messages: {
      internal:
        "'{{source}}' is internal to the feature '{{target}}': import it through '{{target}}/index' (what the feature exports), or move it to common/",
    },
  },
  create(context) {
    const file = context.filename ?? context.getFilename();
    const here = locate(file);
    if (!here || SHARED.has(here.feature)) return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const there = locate(path.resolve(path.dirname(file), source));
      if (!there || there.app !== here.app || there.feature === here.feature || SHARED.has(there.feature))
        return;
      const name = there.rest.join('/').replace(/\.ts$/, '');
      if (name === 'index' || name === `${there.feature}.module`) return;
      context.report({ node: node.source, messageId: 'internal', data: { source, target: there.feature } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export const plugin = { rules: { 'feature-boundaries': featureBoundaries } };
