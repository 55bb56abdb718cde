import { Injectable } from '@nestjs/common';
import type { RequestContext, ValidateRulesetRequest, ValidateRulesetResult } from '@pc/contracts';
import { requireUser } from '../common/caller';
import { RulesetInspector } from './ruleset-inspector';

@Injectable()
export class ValidationService {
  constructor(private readonly inspector: RulesetInspector) {}

  /** Nothing is saved; `branchInfo` only when asked for and the repository passed. */
  async validate(ctx: RequestContext, request: ValidateRulesetRequest): Promise<ValidateRulesetResult> {
    const caller = requireUser(ctx);
    const validation = await this.inspector.validate(request, caller.userId);
    if (!request.includeBranches || !validation.ok) return { validation };
    return { validation, branchInfo: await this.inspector.branches(request.repoUrl) };
  }
}
