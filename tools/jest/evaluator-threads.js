// The rulesets service's evaluator thread pools are kept for a Jest worker's next test file: each
// thread's start loads the validation engines, seconds of CPU that every file evaluating paid anew
// (apps/rulesets/src/testing/kept-evaluator-threads.ts).
require('../../apps/rulesets/src/testing/kept-evaluator-threads').keepEvaluatorThreads();
