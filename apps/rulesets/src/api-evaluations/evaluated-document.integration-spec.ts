import { createHash, randomUUID } from 'node:crypto';
import { EVALUATION_LIMITS, GovernanceRpc, RulesetEvaluationRpc } from '@pc/contracts';
import { largeOpenApi31, OAS3 } from '@pc/testing';
import { governedWorkspaceBeforeAll, workspaceTeam } from '../testing/governance-fixtures';
import { codeOf, rulesetsUnderTest, type TestUser } from '../testing/rulesets-under-test';

const FIXED = OAS3.replace('    post:\n', '    post:\n      operationId: addPet\n');

/**
 * The document an evaluation read, with its text (the web app shows the lines around each finding): a
 * pushed document still kept, found by the evaluation's specification digest; none for an evaluation of
 * the source on the host; members read it, strangers get 404.
 */
describe('the document an evaluation read (service level, the engine)', () => {
  jest.setTimeout(120_000);
  const h = rulesetsUnderTest();
  const governed = governedWorkspaceBeforeAll(h);

  const register = async (fields: Record<string, unknown>) =>
    (
      await h.request(GovernanceRpc.registerApi, governed.owner.ctx, {
        workspaceId: governed.workspaceId,
        name: `API ${Math.random().toString(36).slice(2, 8)}`,
        ...fields,
      })
    ).api;
  const documentOf = (who: TestUser, apiId: string, evaluationId: string) =>
    h.request(GovernanceRpc.evaluatedDocument, who.ctx, { apiId, evaluationId });

  it('answers the pushed document each evaluation read, with its text, to members of the workspace', async () => {
    const pets = await register({ document: { content: OAS3, filename: 'pets.yaml' } });
    const first = (await h.request(GovernanceRpc.recordEvaluation, governed.member.ctx, { apiId: pets.id }))
      .evaluation;
    const second = (
      await h.request(GovernanceRpc.recordEvaluation, governed.member.ctx, {
        apiId: pets.id,
        document: { content: FIXED, filename: 'pets.yaml', commit: 'abcdef1' },
      })
    ).evaluation;

    const read = await documentOf(governed.member, pets.id, first.id);
    expect(read.document).toMatchObject({
      api_id: pets.id,
      filename: 'pets.yaml',
      content: OAS3,
      commit: null,
    });
    // The line a finding names is the document's line.
    const finding = first.findings.find((f) => f.rule === 'operation-id-required')!;
    expect(read.document.content.split('\n')[finding.line! - 1].trim()).toBe('post:');
    expect((await documentOf(governed.owner, pets.id, second.id)).document).toMatchObject({
      content: FIXED,
      commit: 'abcdef1',
    });
    expect(await codeOf(documentOf(governed.stranger, pets.id, first.id))).toBe('NOT_FOUND');
  });

  it("evaluates a 1.5 MiB document sent ahead in parts (the sender's only) and answers it whole, in parts too", async () => {
    const team = workspaceTeam(h);
    // A Spectral ruleset of one rule (the AMF engine takes far smaller documents: EVALUATION_AMF_MAX_BYTES).
    const { rulesetId } = await h.published(team.owner, {
      repoUrl: h.repo({
        '.spectral.yaml':
          'description: Operation ids.\nrules:\n  operation-id-required:\n    description: Every operation has an operationId.\n' +
          '    severity: error\n    given: $.paths[*][get,put,post,delete,options,head,patch,trace]\n' +
          '    then:\n      field: operationId\n      function: truthy\n',
      }),
    });
    await h.request(GovernanceRpc.createProfile, team.owner.ctx, {
      workspaceId: team.workspaceId,
      name: 'Every API',
      rulesets: [{ rulesetId }],
    });
    const { api } = await h.request(GovernanceRpc.registerApi, team.owner.ctx, {
      workspaceId: team.workspaceId,
      name: 'Large API',
    });
    // Larger than one bus message (1 MiB) both ways: six parts ahead, a reply in two. Half the size the
    // end-to-end file sends through the gateway: the Spectral evaluation's CPU grows with the document.
    const content = `${largeOpenApi31(1.5 * 1024 * 1024)}# naïve ✓\n`;
    const { evaluation } = await h.request(GovernanceRpc.recordEvaluation, team.member.ctx, {
      apiId: api.id,
      document: { upload: await sendAhead(team.member, content), filename: 'large.yaml', commit: 'abc1234' },
      trigger: 'ci',
    });
    expect(evaluation.specification.commit).toBe('abc1234');

    // The reply is larger than one bus message (1 MiB): it crosses in parts, put together whole.
    const { document } = await documentOf(team.member, api.id, evaluation.id);
    const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
    const { content: text, ...fields } = document;
    expect(fields).toMatchObject({
      filename: 'large.yaml',
      commit: 'abc1234',
      bytes: Buffer.byteLength(content),
    });
    expect([Buffer.byteLength(text), sha256(text)]).toEqual([Buffer.byteLength(content), sha256(content)]);

    // Another member's upload is not this caller's to take.
    const others = await sendAhead(team.owner, OAS3);
    expect(await refusalOf(team.member, api.id, others)).toBe('UNPROCESSABLE');
  });

  it('leaves none of the parts of an upload behind when the evaluation naming it is refused', async () => {
    const api = await register({});
    const sent = await sendAhead(governed.stranger, OAS3);
    expect(await refusalOf(governed.stranger, api.id, sent)).toBe('NOT_FOUND');
    const left = await h.sql<{ parts: number }>(
      `SELECT count(*)::int AS parts FROM rulesets.evaluation_uploads WHERE id = $1`,
      [sent.id],
    );
    expect(left).toEqual([{ parts: 0 }]);
  });

  /** The code of the refusal of `who`'s evaluation of the API naming `upload` as its document. */
  function refusalOf(who: TestUser, apiId: string, upload: { id: string; parts: number }) {
    return codeOf(h.request(GovernanceRpc.recordEvaluation, who.ctx, { apiId, document: { upload } }));
  }

  /** Sends a text ahead in parts, as the gateway does for one too large for a bus message; its upload. */
  async function sendAhead(who: TestUser, text: string) {
    const id = randomUUID();
    const size = EVALUATION_LIMITS.uploadPartBytes / 2;
    let parts = 0;
    for (let start = 0; start < text.length; start += size)
      await h.request(RulesetEvaluationRpc.uploadPart, who.ctx, {
        id,
        index: parts++,
        text: text.slice(start, start + size),
      });
    return { id, parts };
  }

  it('has none for an evaluation of the source on the host, nor for an evaluation of another API (404)', async () => {
    const repoUrl = h.repo({ 'spec/api.yaml': OAS3 });
    const sourced = await register({ source: { repoUrl, path: 'spec/api.yaml' } });
    const evaluation = (
      await h.request(GovernanceRpc.recordEvaluation, governed.owner.ctx, { apiId: sourced.id })
    ).evaluation;
    expect(await codeOf(documentOf(governed.owner, sourced.id, evaluation.id))).toBe('NOT_FOUND');
    const other = await register({ document: { content: OAS3 } });
    expect(await codeOf(documentOf(governed.owner, other.id, evaluation.id))).toBe('NOT_FOUND');
  });
});
