import { Injectable } from '@nestjs/common';
import { GOVERNANCE_LIMITS, type GovernedApi, GovernanceRpc } from '@pc/contracts';
import { BusClient } from '@pc/platform';
import { z } from 'zod';
import { TOOL_PAGE } from './catalog-inputs';
import { id, page, WORKSPACE_FROM } from './schemas';
import { READ_ONLY, type ToolKit } from './tool-kit';
import type { ToolSet } from './tool-set';

const percent = z.number().min(0).max(100).nullable();
const governedApiSchema = z.object({
  id: z.string(),
  name: z.string(),
  tags: z.array(z.string()),
  scope: z.string().nullable(),
  conformance: percent.describe('Passed rules over applicable rules at its latest evaluation (null: none).'),
  previous_conformance: percent.describe('At the evaluation before: the trend is the difference.'),
  at_risk: z.boolean().describe("Below the workspace's threshold."),
  last_evaluated_at: z.string().nullable(),
});
const toGovernedApi = (api: GovernedApi): z.infer<typeof governedApiSchema> => ({
  id: api.id,
  name: api.name,
  tags: api.tags,
  scope: api.scope,
  conformance: api.conformance,
  previous_conformance: api.previous_conformance,
  at_risk: api.at_risk,
  last_evaluated_at: api.last_evaluated_at,
});
const shown = (value: number | null) => (value === null ? 'not evaluated' : `${value}%`);
/** A page of governed APIs: its offset is the previous answer's `next_offset` (the output's fields are snake_case). */
const listPage = page(TOOL_PAGE.max, TOOL_PAGE.default, GOVERNANCE_LIMITS.offset.max);
const apiPage = {
  limit: listPage.limit,
  offset: listPage.offset.describe(
    "How many to skip: pass the previous answer's next_offset to get the next page.",
  ),
};
/** Evaluations a conformance history shows. */
const HISTORY = 20;

/** API governance, read-only: a workspace's governed APIs with their conformance, and one API's history. */
@Injectable()
export class GovernanceTools implements ToolSet {
  constructor(private readonly bus: BusClient) {}

  register(kit: ToolKit): void {
    kit.define('list_governed_apis', {
      title: "List a workspace's governed APIs with their conformance",
      description:
        "Lists the APIs a workspace you belong to governs, at-risk first (below the workspace's threshold), " +
        'each with its latest conformance (passed rules over applicable rules of the rulesets its profiles ' +
        'apply) and the one before. Answers one page and next_offset for the next (null on the last page).',
      scope: 'api:read',
      input: { workspace_id: id('workspace', WORKSPACE_FROM), ...apiPage },
      output: {
        threshold: z.number(),
        totals: z.object({ apis: z.number().int(), evaluated: z.number().int(), at_risk: z.number().int() }),
        apis: z.array(governedApiSchema),
        has_more: z.boolean(),
        next_offset: z.number().int().nullable().describe('The offset of the next page (null: none).'),
      },
      annotations: READ_ONLY,
      run: async ({ workspace_id, limit, offset }, ctx) => {
        const dashboard = await this.bus.request(GovernanceRpc.listApis, ctx, {
          workspaceId: workspace_id,
          limit,
          offset,
        });
        const nextOffset = dashboard.has_more ? offset + dashboard.apis.length : null;
        const lines = dashboard.apis.map(
          (a) => `- ${a.name}: ${shown(a.conformance)}${a.at_risk ? ' (at risk)' : ''} id ${a.id}`,
        );
        return {
          data: {
            threshold: dashboard.threshold,
            totals: dashboard.totals,
            apis: dashboard.apis.map(toGovernedApi),
            has_more: dashboard.has_more,
            next_offset: nextOffset,
          },
          text: [
            `${dashboard.totals.apis} APIs, ${dashboard.totals.at_risk} at risk (threshold ${dashboard.threshold}%)`,
            ...lines,
            ...(nextOffset === null ? [] : [`More: offset ${nextOffset}.`]),
          ].join('\n'),
        };
      },
    });

    kit.define('get_api_conformance', {
      title: "Get a governed API's conformance and its history",
      description:
        `Gets one governed API's conformance and its last ${HISTORY} evaluations, newest first: when, why ` +
        '(manual, ci, a ruleset published), the conformance, the rules passed and applicable, and the counts.',
      scope: 'api:read',
      input: { api_id: id('governed API', 'from list_governed_apis') },
      output: {
        api: governedApiSchema,
        threshold: z.number(),
        evaluations: z.array(
          z.object({
            id: z.string(),
            created_at: z.string(),
            trigger: z.string(),
            conformance: percent,
            passed_rules: z.number().int(),
            applicable_rules: z.number().int(),
            waived: z.number().int(),
            counts: z.object({
              violation: z.number().int(),
              warning: z.number().int(),
              info: z.number().int(),
            }),
          }),
        ),
      },
      annotations: READ_ONLY,
      run: async ({ api_id }, ctx) => {
        const [{ api }, history] = await Promise.all([
          this.bus.request(GovernanceRpc.getApi, ctx, { id: api_id }),
          this.bus.request(GovernanceRpc.listEvaluations, ctx, { apiId: api_id, limit: HISTORY }),
        ]);
        const evaluations = history.evaluations.map((e) => ({
          id: e.id,
          created_at: e.created_at,
          trigger: e.trigger,
          conformance: e.conformance,
          passed_rules: e.passed_rules,
          applicable_rules: e.applicable_rules,
          waived: e.waived,
          counts: e.counts,
        }));
        return {
          data: { api: toGovernedApi(api), threshold: history.threshold, evaluations },
          text: [
            `${api.name}: ${shown(api.conformance)}${api.at_risk ? ` (at risk: below ${history.threshold}%)` : ''}`,
            ...evaluations.map(
              (e) =>
                `- ${e.created_at} ${e.trigger}: ${shown(e.conformance)} (${e.passed_rules} of ${e.applicable_rules} rules, ${e.waived} waived)`,
            ),
          ].join('\n'),
        };
      },
    });
  }
}
