import { GovernanceRpc } from '@pc/contracts';
import type { RulesetsUnderTest, TestUser } from './rulesets-under-test';

/** Four rules on operations and responses: the post of OAS3 breaks two (no operationId, no description). */
export const GOVERNANCE_PROFILE = `#%Validation Profile 1.0
profile: API basics
violation:
  - operation-id-required
  - operation-described
warning:
  - response-described
info:
  - operation-named
validations:
  operation-id-required:
    message: Every operation needs an operationId.
    targetClass: apiContract.Operation
    propertyConstraints:
      apiContract.operationId:
        minCount: 1
  operation-described:
    message: Every operation is described.
    targetClass: apiContract.Operation
    propertyConstraints:
      core.description:
        minCount: 1
  response-described:
    message: Every response is described.
    targetClass: apiContract.Response
    propertyConstraints:
      core.description:
        minCount: 1
  operation-named:
    message: Operations have a method.
    targetClass: apiContract.Operation
    propertyConstraints:
      apiContract.method:
        minCount: 1
`;

/**
 * An owner's workspace with a member, a stranger outside it, and a profile applying a published ruleset
 * of GOVERNANCE_PROFILE to every API: where a test of the workspace's evaluations starts.
 */
export async function governedWorkspace(
  h: RulesetsUnderTest,
): Promise<{ owner: TestUser; member: TestUser; stranger: TestUser; workspaceId: string }> {
  const owner = h.user();
  const member = h.user();
  const stranger = h.user();
  const workspaceId = h.workspace(owner, [[member, 'member']]);
  const { rulesetId } = await h.published(owner, { repoUrl: h.repo({ 'ruleset.yaml': GOVERNANCE_PROFILE }) });
  await h.request(GovernanceRpc.createProfile, owner.ctx, {
    workspaceId,
    name: 'Every API',
    rulesets: [{ rulesetId }],
  });
  return { owner, member, stranger, workspaceId };
}
