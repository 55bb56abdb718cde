import { GovernanceSchemas } from '@pc/contracts';
import type { z } from 'zod';
import {
  CreateProfileDto,
  CreateWaiverDto,
  RegisterApiDto,
  TrendQuery,
  UpdateApiDto,
  UpdateSettingsDto,
  WaiversQuery,
} from './governance.dto';
import { expectAgreement, ID, type Json, long } from '../testing/dto-agreement';

/** What the DTO accepts goes to the schema as the controller sends it: its JSON with the route's parameters. */
function expectAgreementAsJson(dto: new () => object, schema: z.ZodType, bodies: Json[], params: Json) {
  const toMessage = (accepted: object) => ({ ...(JSON.parse(JSON.stringify(accepted)) as Json), ...params });
  return expectAgreement(dto, schema, bodies, toMessage, params);
}

/**
 * The gateway's governance DTOs and the rulesets service's message schemas (`GovernanceSchemas`) accept and
 * refuse the same bodies, each limit tried at and past its edge.
 */
describe('the governance DTOs and message schemas agree', () => {
  const source = { repoUrl: 'https://source-host.example/o/r', path: 'api.yaml' };

  it('on registering and editing an API', async () => {
    const bodies: Json[] = [
      { name: 'Pets API' },
      { name: 'x' },
      { name: long(121) },
      { name: 'Pets', description: long(2000) },
      { name: 'Pets', description: long(2001) },
      { name: 'Pets', source },
      { name: 'Pets', source: { ...source, repoUrl: 'ftp://x' } },
      { name: 'Pets', source: { ...source, path: '' } },
      { name: 'Pets', source: { ...source, ref: long(256) } },
      { name: 'Pets', tags: ['public', 'v1.2_beta'] },
      { name: 'Pets', tags: ['Public'] },
      { name: 'Pets', tags: ['a', 'a'] },
      { name: 'Pets', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) },
      { name: 'Pets', scope: 'partner' },
      { name: 'Pets', scope: '' },
      { name: 'Pets', document: { content: 'openapi: 3.0.0' } },
      { name: 'Pets', document: { content: '' } },
      { name: 'Pets', document: { content: 'x', filename: '../a' } },
      { name: 'Pets', document: { content: 'x', commit: 'abc1234' } },
      { name: 'Pets', document: { content: 'x', commit: 'not-a-sha' } },
    ];
    await expectAgreementAsJson(RegisterApiDto, GovernanceSchemas.register, bodies, { workspaceId: ID });
    await expectAgreementAsJson(
      UpdateApiDto,
      GovernanceSchemas.update,
      [{}, { source: null }, { scope: '' }, { scope: 'UP' }, { tags: [] }, { name: long(121) }],
      { id: ID },
    );
  });

  it('on profiles, the threshold and waivers', async () => {
    await expectAgreementAsJson(
      CreateProfileDto,
      GovernanceSchemas.createProfile,
      [
        { name: 'Public', rulesets: [{ rulesetId: ID }] },
        { name: 'Public', rulesets: [] },
        { name: 'Public', rulesets: [{ rulesetId: ID }, { rulesetId: ID }] },
        { name: 'Public', rulesets: [{ rulesetId: ID, version: 'a'.repeat(40) }] },
        { name: 'Public', rulesets: [{ rulesetId: ID, version: 'main' }] },
        { name: 'Public', rulesets: [{ rulesetId: ID, version: null }] },
        { name: 'Public', rulesets: [{ rulesetId: 'nope' }] },
        { name: 'Public', rulesets: [{ rulesetId: ID }], matchTags: ['public'], matchScopes: ['Partner'] },
      ],
      { workspaceId: ID },
    );
    await expectAgreementAsJson(
      UpdateSettingsDto,
      GovernanceSchemas.settings,
      [{ atRiskThreshold: 0 }, { atRiskThreshold: 100 }, { atRiskThreshold: 101 }, { atRiskThreshold: 70.5 }],
      { workspaceId: ID },
    );
    const waiver = {
      rule: 'r',
      location: '#/paths',
      reason: 'Legacy paths',
      expiresAt: '2030-01-01T00:00:00Z',
    };
    await expectAgreementAsJson(
      CreateWaiverDto,
      GovernanceSchemas.createWaiver,
      [
        waiver,
        { ...waiver, expiresAt: '2030-01-01T00:00:00.000+02:00' },
        { ...waiver, expiresAt: '2030-01-01' },
        { ...waiver, expiresAt: 'tomorrow' },
        { ...waiver, reason: 'ab' },
        { ...waiver, rule: '' },
        { ...waiver, location: long(1025) },
        { ...waiver, rulesetId: ID },
        { ...waiver, rulesetId: 'amf' },
      ],
      { apiId: ID },
    );
  });

  it("on the waivers' page query (as the query string carries it)", async () => {
    await expectAgreementAsJson(
      WaiversQuery,
      GovernanceSchemas.listWaivers,
      [
        {},
        { limit: '1' },
        { limit: '200' },
        { limit: '0' },
        { limit: '201' },
        { limit: 'all' },
        { cursor: 'abc' },
        { cursor: long(1001) },
      ],
      { id: ID },
    );
  });

  it("on the workspace's trend query (days as the query string carries them)", async () => {
    await expectAgreementAsJson(
      TrendQuery,
      GovernanceSchemas.trend,
      [{}, { days: '1' }, { days: '365' }, { days: '0' }, { days: '366' }, { days: '2.5' }, { days: 'week' }],
      { workspaceId: ID },
    );
  });
});
