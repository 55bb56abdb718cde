import { GovernanceRpc } from '@pc/contracts';
import { OAS3 } from '@pc/testing';
import { governedWorkspaceBeforeAll } from '../testing/governance-fixtures';
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
