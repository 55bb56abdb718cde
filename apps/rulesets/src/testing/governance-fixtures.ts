import { GovernanceRpc } from '@pc/contracts';
import { OAS3 } from '@pc/testing';
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

/** The profile's next version: `operation-described` a warning, so OAS3 fails one rule of four. */
export const GOVERNANCE_PROFILE_NEXT = GOVERNANCE_PROFILE.replace(
  '  - operation-described\nwarning:\n',
  'warning:\n  - operation-described\n',
);

/**
 * An owner's workspace with a member, a stranger outside it, and a profile applying a published ruleset
 * of GOVERNANCE_PROFILE to every API: where a test of the workspace's evaluations starts.
 */
export async function governedWorkspace(h: RulesetsUnderTest): Promise<GovernedWorkspace> {
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

/** A governed workspace's owner, member, a stranger to it, and its id. */
export interface GovernedWorkspace {
  owner: TestUser;
  member: TestUser;
  stranger: TestUser;
  workspaceId: string;
}

/** A workspace's team: its owner, an administrator and a member, a stranger to it, and its id. */
export interface WorkspaceTeam extends GovernedWorkspace {
  admin: TestUser;
}

/** A workspace with an owner, an administrator and a member, and a stranger outside it (stand-ins only). */
export function workspaceTeam(h: RulesetsUnderTest): WorkspaceTeam {
  const [owner, admin, member, stranger] = [h.user(), h.user(), h.user(), h.user()];
  const workspaceId = h.workspace(owner, [
    [admin, 'admin'],
    [member, 'member'],
  ]);
  return { owner, admin, member, stranger, workspaceId };
}

/** A governed workspace made before the test file's tests run (its fields are set then). */
export function governedWorkspaceBeforeAll(h: RulesetsUnderTest): GovernedWorkspace {
  const governed = {} as GovernedWorkspace;
  beforeAll(async () => {
    Object.assign(governed, await governedWorkspace(h));
  });
  return governed;
}

/** OAS3 with its post fixed: every rule of `GOVERNANCE_PROFILE` passes (100); OAS3 itself passes two of four (50). */
export const CONFORMING_OAS3 = OAS3.replace(
  '    post:\n',
  '    post:\n      operationId: addPet\n      description: Adds a pet.\n',
);
