import { randomUUID } from 'node:crypto';
import { RulesetsRpc } from '@pc/contracts';
import { gatewayUnderTest } from '../testing/gateway-under-test';

/**
 * A ruleset's pin checks its profile and examples on the rulesets service's evaluator, which takes far
 * longer than a plain read (up to EVALUATION_LIMITS.validationEvaluatorMs): the gateway waits for it as
 * long as for a validation, not the bus's default, which answered 504 while the pin went on and landed.
 */
describe("a ruleset's pin through the gateway (a stand-in for the rulesets service)", () => {
  // The bus's default wait, shortened: the stand-in answers the pin after it.
  const gateway = gatewayUnderTest([RulesetsRpc.pin], {}, { timeoutMs: 400 });
  const id = randomUUID();

  it("waits for a pin longer than the bus's default wait and answers it", async () => {
    gateway.reply(RulesetsRpc.pin, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      return { ruleset: { id, pin: { commit: 'd'.repeat(40) } } } as never;
    });
    const admin = gateway.user(true);
    const res = await gateway.fetch('POST', `/api/rulesets/${id}/pin`, { token: admin.token, body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ruleset: { id, pin: { commit: 'd'.repeat(40) } } });
  });
});
