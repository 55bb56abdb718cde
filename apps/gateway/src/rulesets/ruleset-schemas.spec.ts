import { LIST_CURSOR_MAX, RULESET_LIMITS as L, RulesetSchemas } from '@pc/contracts';
import { ReplaceRulesetDocsDto, UpsertRulesetTabDto } from './ruleset-docs.dto';
import { RulesetApprovalDto, RulesetFeedbackDto } from './ruleset-review.dto';
import {
  CreateRulesetSubmissionDto,
  type RulesetSubmissionFieldsDto,
  RulesetSubmissionsQuery,
  UpdateRulesetSubmissionDto,
} from './ruleset-submissions.dto';
import { ValidateRulesetDto } from './ruleset-validation.dto';
import { ListRulesetsQuery, PinRulesetDto, UpdateRulesetDto } from './rulesets.dto';
import { dtoAccepts, expectAgreement, ID, type Json, long } from '../testing/dto-agreement';

/** The legacy single `deliversIdeaId` joins the list, as the controller does (`ideasOf`). */
function asSubmissionMessage(dto: RulesetSubmissionFieldsDto & Json, extra: Json = {}): Json {
  const { deliversIdeaId, ...rest } = dto;
  const ideas =
    rest.deliversIdeaIds === undefined && deliversIdeaId === undefined
      ? undefined
      : [...(rest.deliversIdeaIds ?? []), ...(deliversIdeaId ? [{ ideaId: deliversIdeaId }] : [])];
  return JSON.parse(JSON.stringify({ ...rest, ...extra, deliversIdeaIds: ideas })) as Json;
}

/**
 * The gateway's DTOs and the rulesets service's message schemas (`RulesetSchemas`, libs/contracts) accept
 * and refuse the same bodies: what the DTO lets through, as the controller sends it, passes the schema
 * where it enters the service; what the DTO refuses (400), the schema refuses too when another app sends
 * it. Each limit is tried at and past its edge.
 */
describe('the rulesets DTOs and message schemas agree', () => {
  const repoUrl = 'https://source-host.example/o/r';
  const submission = { name: 'Fine name', description: 'A fine description.', repoUrl };
  const fieldChanges: Json[] = [
    {},
    { name: 'ab' },
    { name: long(120), description: long(20_000) },
    { name: 'x' },
    { name: ' x ' },
    { name: long(121) },
    { name: null },
    { name: 5 },
    { description: long(9) },
    { description: long(20_001) },
    { repoUrl: '' },
    { repoUrl: 'ftp://x' },
    { repoUrl: 'not a url' },
    { repoUrl: 'http://localhost:4000/o/r' },
    { repoUrl: `https://source-host.example/${long(2040)}` },
    { category: 'Security' },
    { category: 'Cooking' },
    { category: null },
    { category: '' },
    { sourceRef: long(255) },
    { sourceRef: long(256) },
    { rulesetPath: long(1025) },
    { targetScopes: ['rest-api', 'mcp'] },
    { targetScopes: ['rest-api', 'soap'] },
    { targetScopes: ['rest-api', 'rest-api'] },
    { targetScopes: ['agent-network', 'mcp'] },
    { targetScopes: ['agent-network', 'agent'] },
    { targetScopes: 'rest-api' },
    { registryAssetId: 'my.asset-1' },
    { registryAssetId: '' },
    { registryAssetId: 'has space' },
    { registryAssetId: `a${long(255)}` },
    { iconUrl: '' },
    { iconUrl: 'https://icons.example/x.png' },
    { iconUrl: 'nope' },
    { iconDisabled: true },
    { iconDisabled: 'true' },
    { tags: Array.from({ length: L.tags.maxItems }, (_, i) => `t${i}`) },
    { tags: Array.from({ length: L.tags.maxItems + 1 }, (_, i) => `t${i}`) },
    { tags: [long(51)] },
    { tags: [1] },
    { videoTutorialUrl: 'nope' },
    { examplesUrl: null },
    { docTabs: Array.from({ length: 50 }, (_, i) => ({ key: `k${i}`, title: 'T', bodyMd: '' })) },
    { docTabs: Array.from({ length: 51 }, (_, i) => ({ key: `k${i}`, title: 'T', bodyMd: '' })) },
    { docTabs: [{ key: 'Bad Key', title: 'T', bodyMd: '' }] },
    { docTabs: [null] },
    { docTabs: [{ key: 'faq', title: long(121), bodyMd: '' }] },
    { docTabs: [{ key: 'faq', title: 'FAQ', bodyMd: long(100_001) }] },
    { docTabs: [{ key: 'faq', title: 'FAQ', bodyMd: '', sortOrder: 10_001 }] },
    { deliversIdeaIds: [ID, { ideaId: ID, coverage: 'partial', scopeNote: 'Part of it' }] },
    { deliversIdeaIds: Array.from({ length: 51 }, () => ID) },
    { deliversIdeaIds: ['not-a-uuid'] },
    { deliversIdeaIds: [{ ideaId: ID, scopeNote: long(1001) }] },
    { deliversIdeaIds: [{ ideaId: ID, coverage: 'most' }] },
    // `deliversIdeaId` (one idea) is the HTTP API's legacy alias, which the controller turns into
    // `deliversIdeaIds`: it is no field of the message.
    { deliversIdeaId: ID },
  ];

  it('submission create: every field at and past its limits, null, or of the wrong type', async () => {
    const bodies = [
      ...fieldChanges.map((change) => ({ ...submission, ...change })),
      ...['name', 'description', 'repoUrl'].map((field) => {
        const { [field]: _missing, ...rest } = submission as Json;
        return rest;
      }),
    ];
    await expectAgreement(CreateRulesetSubmissionDto, RulesetSchemas.createSubmission, bodies, (dto) =>
      asSubmissionMessage(dto as CreateRulesetSubmissionDto & Json),
    );
  });

  it('submission edit: the same fields, each optional, and resubmit', async () => {
    const bodies = [...fieldChanges, { resubmit: true }, { resubmit: 'yes' }];
    await expectAgreement(
      UpdateRulesetSubmissionDto,
      RulesetSchemas.updateSubmission,
      bodies,
      (dto) => asSubmissionMessage(dto as UpdateRulesetSubmissionDto & Json, { id: ID }),
      { id: ID },
    );
  });

  it('takes the deprecated scope agent-network and sends agent, on create and on edit', async () => {
    for (const dto of [CreateRulesetSubmissionDto, UpdateRulesetSubmissionDto]) {
      const accepted = await dtoAccepts(dto, { ...submission, targetScopes: ['rest-api', 'agent-network'] });
      expect([dto.name, accepted && asSubmissionMessage(accepted as Json).targetScopes]).toEqual([
        dto.name,
        ['rest-api', 'agent'],
      ]);
    }
  });

  it('takes an empty category as Other, the default, on create and on edit', async () => {
    for (const dto of [CreateRulesetSubmissionDto, UpdateRulesetSubmissionDto]) {
      const accepted = await dtoAccepts(dto, { ...submission, category: '' });
      expect([dto.name, accepted && asSubmissionMessage(accepted as Json).category]).toEqual([
        dto.name,
        'Other',
      ]);
    }
  });

  it('validation of a repository', async () => {
    const bodies: Json[] = [
      { repoUrl },
      { repoUrl, ref: 'next', rulesetPath: 'rules/custom.yaml', includeBranches: true },
      {},
      { repoUrl: null },
      { repoUrl: 42 },
      { repoUrl: 'not a url' },
      { repoUrl, ref: long(256) },
      { repoUrl, rulesetPath: long(1025) },
      { repoUrl, includeBranches: 'yes' },
    ];
    await expectAgreement(ValidateRulesetDto, RulesetSchemas.validate, bodies, (dto) => ({ ...dto }));
  });

  it('review decisions: feedback optional to approve, required to send back', async () => {
    const bodies: Json[] = [
      {},
      { feedback: 'Good.' },
      { feedback: '' },
      { feedback: '  ' },
      { feedback: long(4001) },
    ];
    const id = { id: ID };
    await expectAgreement(
      RulesetApprovalDto,
      RulesetSchemas.review,
      bodies,
      (dto) => ({ ...dto, ...id }),
      id,
    );
    await expectAgreement(
      RulesetFeedbackDto,
      RulesetSchemas.sendBack,
      bodies,
      (dto) => ({ ...dto, ...id }),
      id,
    );
  });

  it("a page of the caller's submissions: limit 1 to 100, a cursor within its length", async () => {
    const pages: Json[] = [
      {},
      { limit: 1, cursor: long(LIST_CURSOR_MAX) },
      { limit: L.ownSubmissions.max },
      { limit: 0 },
      { limit: L.ownSubmissions.max + 1 },
      { cursor: long(LIST_CURSOR_MAX + 1) },
      { cursor: 5 },
    ];
    await expectAgreement(RulesetSubmissionsQuery, RulesetSchemas.listSubmissions, pages, (dto) => ({
      ...dto,
    }));
  });

  it('the list query, the links, the pin', async () => {
    const queries: Json[] = [
      {},
      { q: long(200), limit: 200, offset: 0, sort: 'likes', order: 'desc', scope: 'agent-network' },
      { source: 'vendor', category: 'All Categories' },
      { limit: 0 },
      { limit: 201 },
      { offset: -1 },
      { offset: 1_000_001 },
      { q: long(201) },
      { category: long(121) },
      { scope: 'soap' },
      { sort: 'random' },
      { order: 'up' },
      { source: 'partner' },
    ];
    await expectAgreement(ListRulesetsQuery, RulesetSchemas.list, queries, (dto) => ({ ...dto }));
    const links: Json[] = [
      { videoTutorialUrl: 'https://video.example/v', examplesUrl: '' },
      { examplesUrl: null },
      { examplesUrl: 'nope' },
      { videoTutorialUrl: 3 },
    ];
    await expectAgreement(UpdateRulesetDto, RulesetSchemas.update, links, (dto) => ({ ...dto, id: ID }), {
      id: ID,
    });
    const pins: Json[] = [{}, { commit: 'a'.repeat(40) }, { commit: 'a'.repeat(39) }, { commit: 'HEAD' }];
    await expectAgreement(PinRulesetDto, RulesetSchemas.pin, pins, (dto) => ({ ...dto, id: ID }), { id: ID });
  });

  it('documentation: a set of 1 to 50 tabs, one tab by key', async () => {
    const tab = (key: string, bodyMd = 'Body.') => ({ key, title: key.toUpperCase(), bodyMd });
    const sets: Json[] = [
      { tabs: [tab('overview')] },
      { tabs: [tab('overview'), ...Array.from({ length: 49 }, (_, i) => tab(`k${i}`))] },
      { tabs: [] },
      { tabs: Array.from({ length: 51 }, (_, i) => tab(`k${i}`)) },
      { tabs: [tab('Bad Key')] },
      { tabs: [{ key: 'overview' }] },
      { tabs: null },
    ];
    await expectAgreement(ReplaceRulesetDocsDto, RulesetSchemas.replaceDocs, sets, (dto) => ({
      ...dto,
      id: ID,
    }));
    const tabs: Json[] = [
      { title: 'FAQ', bodyMd: 'Questions.', sortOrder: 3 },
      { title: 'x' },
      {},
      { title: '' },
      { title: long(121) },
      { title: 'x', bodyMd: null },
      { title: 'x', sortOrder: -1 },
      { title: 'x', sortOrder: 10_001 },
      { title: 'x', bodyMd: long(100_001) },
    ];
    await expectAgreement(
      UpsertRulesetTabDto,
      RulesetSchemas.upsertTab,
      tabs,
      (dto) => ({ ...dto, id: ID, key: 'faq' }),
      { id: ID, key: 'faq' },
    );
    for (const key of ['faq', 'changelog', 'Bad_Key', '-dash', long(65)])
      expect([key, RulesetSchemas.tabKey.safeParse({ id: ID, key }).success]).toEqual([
        key,
        new RegExp(L.tabKey.pattern).test(key) && key.length <= L.tabKey.max,
      ]);
  });
});
