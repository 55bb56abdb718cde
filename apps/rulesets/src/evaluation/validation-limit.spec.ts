import { EVALUATION_LIMITS } from '@pc/contracts';
import { validationLimit } from './validation-limit';

describe("a validation's time limit on the evaluator", () => {
  it("counts EVALUATION_TIMEOUT_MS from the validation's start, waits and checks included", () => {
    const limit = validationLimit(60_000, 1_000);
    expect(limit.started).toBe(true);
    expect(limit.left(31_000)).toBe(30_000);
    expect(limit.left(61_000)).toBe(0);
  });

  it("stops at 90 s when EVALUATION_TIMEOUT_MS is longer, so the answer comes within the gateway's 120 s wait", () => {
    expect(validationLimit(300_000, 0).ms).toBe(90_000);
    expect(EVALUATION_LIMITS.validationEvaluatorMs).toBeLessThan(EVALUATION_LIMITS.validationWaitMs);
  });
});
