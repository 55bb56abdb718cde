import { Inject, Injectable } from '@nestjs/common';
import {
  CONNECTION_LIMITS,
  type ConnectionValidation,
  type PlatformCredentials,
  type ValidationCode,
} from '@pc/contracts';
import {
  isPlatformError,
  PlatformLimitError,
  type GatewayPlatform,
  type PlatformConnection,
  type PlatformError,
  type PlatformOrganizationList,
} from '@pc/gateway-platform';
import { badRequest, DomainError } from '@pc/platform';
import { GATEWAY_PLATFORM } from './platform.provider';

/**
 * Checks credentials against the platform: a fresh token first (wrong client id or secret), then the
 * organization tree (is `organizationId` one the credential reaches). Every failure becomes a sentence
 * the user can act on; none of them carries the secret.
 */
@Injectable()
export class CredentialCheck {
  constructor(@Inject(GATEWAY_PLATFORM) private readonly platform: GatewayPlatform) {}

  /** A custom domain that is malformed or refused by the outbound guard is bad input (400). */
  vetHost(connection: PlatformConnection): void {
    try {
      this.platform.baseUrl(connection);
    } catch (error) {
      if (isPlatformError(error))
        throw badRequest('Invalid customDomain', [{ field: 'customDomain', message: hostMessage(error) }]);
      throw error;
    }
  }

  /**
   * One deadline for the whole check (`CONNECTION_LIMITS.credentialCheckMs`, no call tried again), so that
   * a platform that does not answer is the validation `timeout`, told before the gateway stops waiting.
   */
  async check(connection: PlatformConnection, organizationId: string): Promise<ConnectionValidation> {
    const checkedAt = new Date().toISOString();
    const platform = this.platform.within(CONNECTION_LIMITS.credentialCheckMs);
    try {
      await platform.getAccessToken(connection, { forceRefresh: true });
      if ((await platform.findOrganization(connection, organizationId)) === null) {
        return {
          ok: false,
          code: 'unknown_organization',
          error:
            `The credentials work, but organization ${organizationId} is not one they reach: ` +
            'check the organization ID (the root organization or one of its business groups)',
          checked_at: checkedAt,
        };
      }
      return { ok: true, code: null, error: null, checked_at: checkedAt };
    } catch (error) {
      if (!isPlatformError(error)) throw error;
      const { code, message } = describe(error);
      return { ok: false, code, error: message, checked_at: checkedAt };
    }
  }

  /**
   * The organization tree the credentials reach, root first (`isPrimary`), read anew: what a new
   * connection's organizationId may be. Refused credentials are a 422 in words, an unreachable platform 502.
   * Within the check's deadline.
   */
  async organizations(connection: PlatformConnection): Promise<PlatformOrganizationList> {
    const platform = this.platform.within(CONNECTION_LIMITS.credentialCheckMs);
    try {
      await platform.getAccessToken(connection, { forceRefresh: true });
      return await platform.listOrganizations(connection);
    } catch (error) {
      throw platformFailure(error, '');
    }
  }
}

/** The platform a request names, with its credentials; a custom domain only for the custom host (else 400). */
export function platformConnection(request: PlatformCredentials): PlatformConnection {
  if (request.host === 'custom' && !request.customDomain)
    throw badRequest('A custom host needs a customDomain', [
      { field: 'customDomain', message: 'is required for host custom' },
    ]);
  if (request.host !== 'custom' && request.customDomain)
    throw badRequest('customDomain is only for host custom', [
      { field: 'customDomain', message: 'must be null unless host is custom' },
    ]);
  return {
    host: request.host,
    customDomain: request.host === 'custom' ? request.customDomain!.trim() : null,
    clientId: request.clientId,
    clientSecret: request.clientSecret,
  };
}

/** A failed validation whose cause is the custom domain itself: refused before anything is stored. */
export function isHostProblem(code: ValidationCode | null): boolean {
  return code === 'invalid_url' || code === 'not_allowed_host';
}

export function hostProblem(validation: ConnectionValidation): DomainError {
  return badRequest('Invalid customDomain', [
    { field: 'customDomain', message: validation.error ?? 'is not allowed' },
  ]);
}

function hostMessage(error: PlatformError): string {
  return error.kind === 'not_allowed_host'
    ? 'resolves to an address this service may not call (private, loopback or link-local)'
    : 'is not a valid https host name or URL (no query or fragment)';
}

function describe(error: PlatformError): { code: ValidationCode; message: string } {
  // Our own words, naming the limit the platform's answer passed.
  if (error instanceof PlatformLimitError) return { code: 'upstream_error', message: error.message };
  switch (error.kind) {
    case 'invalid_credentials':
    case 'unauthorized':
      return {
        code: 'invalid_credentials',
        message:
          'The platform refused the client ID or client secret: check both (and that the client app still exists)',
      };
    case 'forbidden':
      return {
        code: 'forbidden',
        message:
          'The credentials work but may not read the organization tree: grant the client app access to it',
      };
    case 'not_found':
      return {
        code: 'unknown_organization',
        message:
          'The platform does not know the organization of these credentials: check the organization ID',
      };
    case 'rate_limited':
      return {
        code: 'rate_limited',
        message: `The platform is rate limiting requests: try again in ${error.retryAfterSeconds ?? 60} seconds`,
      };
    case 'timeout':
      return { code: 'timeout', message: 'The platform did not answer in time: try again later' };
    case 'unreachable':
      return {
        code: 'unreachable',
        message: 'The platform could not be reached: check the host (or custom domain), or try again later',
      };
    case 'not_allowed_host':
      return { code: 'not_allowed_host', message: `The custom domain ${hostMessage(error)}` };
    case 'invalid_url':
      return { code: 'invalid_url', message: `The custom domain ${hostMessage(error)}` };
    case 'asset_not_found':
    case 'invalid_request':
    case 'upstream_error':
      return { code: 'upstream_error', message: 'The platform answered with an error: try again later' };
  }
}

/**
 * A platform failure while serving a request (organizations): 422 for credentials (with `advice`, for
 * stored ones: update the connection), 502 otherwise.
 */
export function platformFailure(error: unknown, advice = '; update the connection'): unknown {
  if (!isPlatformError(error)) return error;
  const { code, message } = describe(error);
  if (code === 'invalid_credentials' || code === 'forbidden' || code === 'unknown_organization')
    return new DomainError('UNPROCESSABLE', `${message}${advice}`);
  if (code === 'invalid_url' || code === 'not_allowed_host') return new DomainError('UNPROCESSABLE', message);
  return new DomainError('UPSTREAM_UNAVAILABLE', message, undefined, error.retryAfterSeconds);
}
