import { Injectable } from '@nestjs/common';
import { GovernanceEvents } from '@pc/contracts';
import { Outbox } from '@pc/listings';
import type { Executor } from '@pc/platform';
import { atRisk, type GovernedApiRow, GovernedApisRepository, percent } from '../governed-apis';
import { conformanceOf, withFailed } from './conformance';
import { ApiEvaluationsRepository } from './api-evaluations.repository';

/**
 * An API's conformance as it moves: after an evaluation, and after its waivers change (a waiver added,
 * removed or expired re-applies the waivers in force to its latest evaluation's findings). Crossing the
 * workspace's threshold, either way, is news (a durable event in the same transaction).
 */
@Injectable()
export class ApiConformance {
  constructor(
    private readonly evaluations: ApiEvaluationsRepository,
    private readonly apis: GovernedApisRepository,
    private readonly outbox: Outbox,
  ) {}

  /** Re-applies the waivers in force to the API's latest evaluation; its conformance now. */
  async reapplyWaivers(tx: Executor, api: GovernedApiRow): Promise<number | null> {
    const latest = await this.evaluations.latestLocked(tx, api.id);
    if (!latest) return null;
    const waivers = await this.evaluations.activeWaivers(tx, api.id);
    const result = conformanceOf(latest.rulesets, latest.findings ?? [], waivers);
    const conformance = result.conformance;
    await this.evaluations.reconform(tx, latest.id, {
      rulesets: withFailed(latest.rulesets, result.failed),
      findings: result.findings,
      waived: result.waived,
      passed_rules: result.passed_rules,
      conformance,
    });
    await this.evaluations.setApiConformance(tx, api.id, conformance, null);
    await this.announceCrossing(tx, api, percent(api.conformance), conformance, latest.id);
    return conformance;
  }

  /** The event when the API moved across its workspace's threshold (the first evaluation: when below). */
  async announceCrossing(
    tx: Executor,
    api: GovernedApiRow,
    before: number | null,
    after: number | null,
    evaluationId: string,
  ): Promise<void> {
    const threshold = await this.apis.threshold(tx, api.workspace_id);
    const was = atRisk(before, threshold);
    const is = atRisk(after, threshold);
    if (was === is) return;
    await this.outbox.addEvent(tx, GovernanceEvents.thresholdCrossed, {
      api_id: api.id,
      api_name: api.name,
      workspace_id: api.workspace_id,
      direction: is ? 'below' : 'above',
      threshold,
      conformance: after,
      previous_conformance: before,
      evaluation_id: evaluationId,
      owner_id: api.created_by,
    });
  }
}
