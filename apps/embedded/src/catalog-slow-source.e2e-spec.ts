import { BUSES, catalogE2e, type Json } from './testing/catalog-e2e';

/**
 * The bus's default wait in this system: shorter than a read of the slowed source host, and long enough
 * for everything else the test does (a sign-up hashes a password: at 500 ms one answered 504 in a full
 * run on two cores).
 */
const BUS_WAIT_MS = 1500;
/** Each answer of the source host, slowed: a validation or a pin reads it more than once. */
const SOURCE_HOST_MS = 1600;

// A policy's validation (the validate route, a submission, an edit of its source) and its pin read the
// repository on the source host, which can take longer than a read of the catalog's tables: the gateway
// waits for them as long as for a ruleset's (EVALUATION_LIMITS.validationWaitMs), not the bus's default,
// after which it answered 504 while the validation went on and the submission or pin landed.
describe.each(BUSES)('a policy validated and pinned on a slow source host, over the %s bus', (kind) => {
  const t = catalogE2e(kind, { busTimeoutMs: BUS_WAIT_MS });

  afterEach(() => t.control.setSourceHostLatency(0));

  it("answers a validation, a submission and an edit of its source that take longer than the bus's default wait", async () => {
    const user = await t.newUser();
    const [repo, moved] = [await t.newRepo(), await t.newRepo()];
    await t.control.setSourceHostLatency(SOURCE_HOST_MS);

    const validated = await t.http.post<Json>(
      '/api/submissions/validate',
      { sourceHostUrl: repo },
      { token: user.token },
    );
    expect(validated.status).toBe(200);
    expect(validated.body.validation).toMatchObject({ ok: true });

    const created = await t.http.post<Json>(
      '/api/submissions',
      { name: `Slow Guard ${t.unique()}`, description: 'Guards slowly.', sourceHostUrl: repo },
      { token: user.token },
    );
    expect(created.status).toBe(201);

    const edited = await t.http.patch<Json>(
      `/api/submissions/${created.body.submission.id}`,
      { sourceHostUrl: moved },
      { token: user.token },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.submission).toMatchObject({ sourceHostUrl: moved });
  });

  it("answers an administrator's pin that takes longer than the bus's default wait", async () => {
    const user = await t.newUser();
    const { policyId } = await t.published(user.token);
    await t.control.setSourceHostLatency(SOURCE_HOST_MS);

    const pinned = await t.http.post<Json>(`/api/policies/${policyId}/pin`, {}, { cookie: t.admin });
    expect(pinned.status).toBe(200);
    expect(pinned.body.policy).toMatchObject({
      id: policyId,
      pin: { commit: expect.stringMatching(/^[0-9a-f]{40}$/) },
    });
  });
});
