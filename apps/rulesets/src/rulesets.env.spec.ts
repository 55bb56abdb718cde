import { EVALUATION_LIMITS } from '@pc/contracts';
import { loadEnv } from '@pc/platform';
import { RulesetsEnv } from './rulesets.env';

describe("the rulesets service's settings", () => {
  it('refuses an EVALUATION_TIMEOUT_MS past 300 s, whose wait and limit would outlast the gateway waiting for an evaluation', () => {
    expect(loadEnv(RulesetsEnv, { EVALUATION_TIMEOUT_MS: '300000' }).EVALUATION_TIMEOUT_MS).toBe(300_000);
    expect(() => loadEnv(RulesetsEnv, { EVALUATION_TIMEOUT_MS: '600000' })).toThrow(/EVALUATION_TIMEOUT_MS/);
    // An evaluation ends within one wait for a thread and one limit, with a minute left for its reads.
    expect(2 * 300_000 + 60_000).toBeLessThanOrEqual(EVALUATION_LIMITS.evaluationWaitMs);
  });
});
