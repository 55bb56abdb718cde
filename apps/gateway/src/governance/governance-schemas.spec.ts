import { GovernanceSchemas } from '@pc/contracts';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { z } from 'zod';
import {
  CreateProfileDto,
  CreateWaiverDto,
  RegisterApiDto,
  TrendQuery,
  UpdateApiDto,
  UpdateSettingsDto,
} from './governance.dto';

type Json = Record<string, unknown>;
const ID = '7d4f3b0e-1c2a-4b5c-8d9e-0f1a2b3c4d5e';
const long = (n: number): string => 'x'.repeat(n);

async function dtoAccepts(dto: new () => object, body: Json): Promise<object | null> {
  const instance = plainToInstance(dto, body);
  const errors = await validate(instance, { whitelist: true, forbidUnknownValues: true });
  return errors.length === 0 ? instance : null;
}

/** What the DTO accepts passes the schema as the controller sends it; what it refuses, the schema refuses. */
async function expectAgreement(dto: new () => object, schema: z.ZodType, bodies: Json[], params: Json) {
  for (const body of bodies) {
    const accepted = await dtoAccepts(dto, body);
    const message = accepted
      ? { ...(JSON.parse(JSON.stringify(accepted)) as Json), ...params }
      : { ...body, ...params };
    const bySchema = schema.safeParse(message).success;
    expect({ body, bySchema }).toEqual({ body, bySchema: accepted !== null });
  }
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
    await expectAgreement(RegisterApiDto, GovernanceSchemas.register, bodies, { workspaceId: ID });
    await expectAgreement(
      UpdateApiDto,
      GovernanceSchemas.update,
      [{}, { source: null }, { scope: '' }, { scope: 'UP' }, { tags: [] }, { name: long(121) }],
      { id: ID },
    );
  });

  it('on profiles, the threshold and waivers', async () => {
    await expectAgreement(
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
    await expectAgreement(
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
    await expectAgreement(
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
      ],
      { apiId: ID },
    );
  });

  it("on the workspace's trend query (days as the query string carries them)", async () => {
    await expectAgreement(
      TrendQuery,
      GovernanceSchemas.trend,
      [{}, { days: '1' }, { days: '365' }, { days: '0' }, { days: '366' }, { days: '2.5' }, { days: 'week' }],
      { workspaceId: ID },
    );
  });
});
