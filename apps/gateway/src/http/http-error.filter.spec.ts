import { RemoteError } from '@pc/platform';
import { toErrorBody } from './http-error.filter';

describe('the error body of a service error', () => {
  it('merges the extra fields beside details, never over the standard ones', () => {
    const { body } = toErrorBody(
      new RemoteError({
        code: 'CATALOG.SUBMISSION_REPOSITORY_INVALID',
        message: 'The repository is not a valid policy repository',
        details: [{ field: 'validation', message: 'No Cargo.toml found' }],
        extra: { validation: { ok: false, errors: ['No Cargo.toml found'] }, statusCode: 200, code: 'X' },
      }),
      'req-1',
    );
    expect(body).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: 'The repository is not a valid policy repository',
      code: 'CATALOG.SUBMISSION_REPOSITORY_INVALID',
      details: [{ field: 'validation', message: 'No Cargo.toml found' }],
      validation: { ok: false, errors: ['No Cargo.toml found'] },
    });
  });

  it('maps a repository that is gone to 404 and keeps Retry-After of an upstream failure', () => {
    expect(
      toErrorBody(new RemoteError({ code: 'CATALOG.REPOSITORY_GONE', message: 'gone' }), 'r').body.statusCode,
    ).toBe(404);
    const upstream = toErrorBody(
      new RemoteError({ code: 'UPSTREAM_UNAVAILABLE', message: 'down', retryAfter: 30 }),
      'r',
    );
    expect(upstream).toMatchObject({ body: { statusCode: 502 }, retryAfter: 30 });
  });
});

describe('one status per condition', () => {
  it('answers a repository that failed validation with 422 in the catalog and in rulesets alike', () => {
    for (const code of ['CATALOG.SUBMISSION_REPOSITORY_INVALID', 'RULESETS.VALIDATION_FAILED'] as const)
      expect(toErrorBody(new RemoteError({ code, message: 'invalid' }), 'r').body.statusCode).toBe(422);
  });
});
