// Jest's module runtime, compiling each module with `vm.Script` instead of `vm.compileFunction`
// (docs/architecture.md, "Jest compiles a module once per worker").
//
// Every test file runs in a fresh context and loads its module tree again. `vm.compileFunction` (Jest
// 30's way) never reuses an earlier compile of the same source; a `vm.Script` of the same source and
// name is found in V8's compilation cache of the worker, with the bytecode of the functions earlier files
// ran, whatever the context it runs in. Only `compile` changes: module wrapping, parameters, dynamic
// import and syntax-error reports stay Jest's.
const vm = require('node:vm');
const Runtime = require('jest-runtime').default;
const { noteTestFile } = require('./handles-report');

const WRAPPER_KEY = 'Object.<anonymous>';

class ScriptRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    noteTestFile(args[6]);
    const executor = this.executor;
    const jestCompile = executor.compile.bind(executor);
    executor.compile = (source, filename) => {
      const context = executor.environment.getVmContext();
      if (context == null) return null;
      const params = executor.injectedModuleParameters.join(',');
      let script;
      try {
        // One line of wrapper, as Jest 29 wrote it: line numbers stay the module's.
        script = new vm.Script(`({"${WRAPPER_KEY}":function(${params}){${source}\n}});`, {
          filename,
          importModuleDynamically: (specifier, _script, attributes) =>
            executor.dynamicImport(specifier, filename, context, attributes),
        });
      } catch {
        // A syntax error, reported as Jest reports it.
        return jestCompile(source, filename);
      }
      return script.runInContext(context, { filename })[WRAPPER_KEY];
    };
  }
}

module.exports = ScriptRuntime;
