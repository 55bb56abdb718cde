import 'reflect-metadata';
import { HttpException } from '@nestjs/common';
import { EVALUATION_LIMITS, URL_MAX_LENGTH } from '@pc/contracts';
import { CreateSubmissionDto } from '../catalog/submissions.dto';
import { IdempotencyHeaders } from '../deployments/deployments.dto';
import { UpdateMeDto } from '../identity/me.dto';
import { SpecificationInputDto } from '../rulesets/ruleset-evaluations.dto';
import { createValidationPipe } from './validation';

/** What a refused field answers: the status and the messages of `details`, per field. */
async function refusal(
  metatype: new () => object,
  value: object,
  type: 'body' | 'custom' = 'body',
): Promise<{ status: number; details: Array<{ field: string; message: string }> }> {
  const pipe = createValidationPipe({ validateCustomDecorators: type === 'custom' });
  try {
    await pipe.transform(value, { type, metatype });
  } catch (error) {
    if (!(error instanceof HttpException)) throw error;
    const body = error.getResponse() as { details: Array<{ field: string; message: string }> };
    return { status: error.getStatus(), details: body.details };
  }
  throw new Error('accepted');
}

const base = { name: 'A policy', description: 'Ten or more characters of description' };
const url = (length: number) => `https://source.test/${'a'.repeat(length - 'https://source.test/'.length)}`;

describe('the validators tell what is wrong, with the limit', () => {
  it('accepts a URL of the documented maximum and refuses one character more as too long', async () => {
    const pipe = createValidationPipe();
    await expect(
      pipe.transform(
        { ...base, sourceHostUrl: url(URL_MAX_LENGTH) },
        { type: 'body', metatype: CreateSubmissionDto },
      ),
    ).resolves.toBeDefined();
    expect(await refusal(CreateSubmissionDto, { ...base, sourceHostUrl: url(URL_MAX_LENGTH + 1) })).toEqual({
      status: 400,
      details: [{ field: 'sourceHostUrl', message: `must be at most ${URL_MAX_LENGTH} characters` }],
    });
  });

  it('says a malformed URL is not an http or https URL', async () => {
    expect(await refusal(CreateSubmissionDto, { ...base, sourceHostUrl: 'ftp://source.test/x' })).toEqual({
      status: 400,
      details: [{ field: 'sourceHostUrl', message: 'must be an http or https URL' }],
    });
  });

  it('tells a profile link on another host by its host, and a long one by its length', async () => {
    expect(await refusal(UpdateMeDto, { linkedinUrl: 'https://example.com/in/ada' })).toEqual({
      status: 400,
      details: [{ field: 'linkedinUrl', message: 'must be an https URL on linkedin.com' }],
    });
    // On the right host, the refusal says what else the link must be.
    expect((await refusal(UpdateMeDto, { xUrl: 'https://x.com:8443/ada' })).details).toEqual([
      {
        field: 'xUrl',
        message: expect.stringMatching(
          /^must be an https URL on x\.com or twitter\.com: .*no port/,
        ) as string,
      },
    ]);
    const long = `https://www.linkedin.com/in/${'a'.repeat(URL_MAX_LENGTH)}`;
    expect((await refusal(UpdateMeDto, { linkedinUrl: long })).details).toContainEqual({
      field: 'linkedinUrl',
      message: `must be at most ${URL_MAX_LENGTH} characters`,
    });
  });

  it('refuses an Idempotency-Key out of its range or alphabet, naming the header', async () => {
    for (const key of ['', 'k'.repeat(256), 'with space', 'é']) {
      expect(await refusal(IdempotencyHeaders, { 'idempotency-key': key }, 'custom')).toMatchObject({
        status: 400,
        details: [{ field: 'idempotency-key', message: 'must be 1 to 255 printable ASCII characters' }],
      });
    }
  });

  it('answers 413 for a specification over its byte budget, counted in UTF-8', async () => {
    const max = EVALUATION_LIMITS.specificationBytes;
    // Half as many characters as bytes allowed, each two bytes: one byte over.
    const content = `${'é'.repeat(max / 2)}x`;
    expect(await refusal(SpecificationInputDto, { content })).toEqual({
      status: 413,
      details: [{ field: 'content', message: `must be at most ${max} bytes of UTF-8` }],
    });
  });
});
