import { BadRequestException } from '@nestjs/common';
import { CONNECTION_LIMITS as L } from '@pc/contracts';
import { createValidationPipe } from '../http/validation';
import { CreateConnectionDto, UpdateConnectionDto, ValidateConnectionDto } from './connections.dto';

type Json = Record<string, unknown>;

/**
 * What the gateway answers 400 to on the connections routes: each body goes through the gateway's own
 * validation pipe (the one `gateway.app.ts` installs for every route) with the route's DTO. A refusal
 * never carries the client secret back. The rules across fields (a custom domain for host `custom` only,
 * credentials changed together, a new host with new credentials) are the connections service's, tested at
 * the service level (apps/connections/src/connections/connections.integration-spec.ts); the end-to-end
 * file keeps one 400 per route.
 */
const pipe = createValidationPipe();
const secret = 'secret-0123456789abcdef';
const credentials = { host: 'us', clientId: 'client-1', clientSecret: secret, organizationId: 'org-1' };

/** null when the pipe accepts the body; else the 400's body, as the client would read it. */
async function refusal(dto: new () => object, body: Json): Promise<string | null> {
  try {
    await pipe.transform(body, { type: 'body', metatype: dto });
    return null;
  } catch (error) {
    if (error instanceof BadRequestException) return JSON.stringify(error.getResponse());
    throw error;
  }
}

describe('the connections routes refuse bad bodies with 400 (the gateway validation pipe)', () => {
  it.each<[string, Json]>([
    ['a name of 1 character', { name: 'x' }],
    [`a name over ${L.nameMax} characters`, { name: 'x'.repeat(L.nameMax + 1) }],
    ['a clientId of 3 characters', { clientId: 'abc' }],
    ['a clientSecret of 3 characters', { clientSecret: 'abc' }],
    ['an organizationId of 3 characters', { organizationId: 'abc' }],
    ['an oversized clientSecret', { clientSecret: 's'.repeat(L.clientSecretMax + 1) }],
    ['an oversized clientId', { clientId: 'c'.repeat(L.clientIdMax + 1) }],
    ['an oversized organizationId', { organizationId: 'o'.repeat(L.organizationIdMax + 1) }],
    ['an unknown host', { host: 'moon' }],
    ['a null name', { name: null }],
    ['a name of spaces only', { name: '    ' }],
    ['a numeric clientId', { clientId: 12345 }],
    ['a customDomain that is not a URL', { host: 'custom', customDomain: 'not a url' }],
    [
      'an oversized customDomain',
      { host: 'custom', customDomain: `https://p.example.org/${'a'.repeat(L.customDomainMax)}` },
    ],
    ['no clientSecret', { clientSecret: undefined }],
  ])('refuses to create with %s, and says nothing of the secret', async (_what, change) => {
    const answer = await refusal(CreateConnectionDto, { name: 'Limits', ...credentials, ...change });
    expect(answer).not.toBeNull();
    expect(answer).not.toContain(secret);
  });

  it(`accepts a name of exactly ${L.nameMax} characters and credentials of exactly ${L.credentialMin}`, async () => {
    const body = {
      name: 'n'.repeat(L.nameMax),
      host: 'us',
      clientId: 'abcd',
      clientSecret: 'wxyz',
      organizationId: 'org1',
    };
    expect(await refusal(CreateConnectionDto, body)).toBeNull();
    expect(await refusal(ValidateConnectionDto, { ...body, name: undefined })).toBeNull();
    expect(
      await refusal(CreateConnectionDto, {
        ...credentials,
        name: 'Custom',
        host: 'custom',
        customDomain: 'https://platform.example.org:8443',
      }),
    ).toBeNull();
  });

  it('refuses a validation or a change with a field past its limits', async () => {
    expect(await refusal(ValidateConnectionDto, { ...credentials, clientSecret: 'abc' })).not.toBeNull();
    expect(await refusal(ValidateConnectionDto, { ...credentials, host: 'moon' })).not.toBeNull();
    expect(await refusal(UpdateConnectionDto, { name: 'x' })).not.toBeNull();
    expect(await refusal(UpdateConnectionDto, { clientSecret: 'abc' })).not.toBeNull();
    expect(await refusal(UpdateConnectionDto, { name: 'Renamed' })).toBeNull();
    // Partial credentials pass the pipe: the service refuses them, naming the missing fields.
    expect(await refusal(UpdateConnectionDto, { clientSecret: secret })).toBeNull();
  });
});
