import type { IncomingMessage } from 'node:http';
import { SCOPES } from '@pc/contracts';

/**
 * OAuth 2.0 Protected Resource Metadata (RFC 9728), as the MCP specification asks of a protected
 * resource. Served at `/.well-known/oauth-protected-resource` and at its path-inserted form for the
 * resource `/mcp` (`/.well-known/oauth-protected-resource/mcp`, RFC 9728 §3.1).
 *
 * No `authorization_servers`: tokens are personal access tokens created in the dashboard or with
 * `POST /api/tokens`, not issued by an OAuth authorization server, so there is none to name (the field
 * is optional in RFC 9728). The document still tells a client where the resource is, how to send the
 * token and which scopes exist.
 */
export const METADATA_PATH = '/.well-known/oauth-protected-resource';

export interface ProtectedResourceMetadata {
  resource: string;
  resource_name: string;
  bearer_methods_supported: string[];
  scopes_supported: string[];
}

/** `host[:port]` as a client may send it; anything else is not echoed into headers or documents. */
const HOST = /^[A-Za-z0-9.-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$/;

/**
 * The origin the client reached, from its own request: the Host header and the scheme (TLS on the
 * socket, or `X-Forwarded-Proto: https` from the proxy in front). Undefined for a Host header that
 * is not a plain host name, which then gets relative URLs.
 */
export function requestOrigin(req: IncomingMessage): string | undefined {
  const host = req.headers.host;
  if (typeof host !== 'string' || !HOST.test(host)) return undefined;
  const tls = (req.socket as { encrypted?: boolean }).encrypted === true;
  const forwarded = req.headers['x-forwarded-proto'];
  const https = tls || forwarded === 'https';
  return `${https ? 'https' : 'http'}://${host}`;
}

export function metadataUrl(origin: string | undefined, resourcePath: string): string {
  return `${origin ?? ''}${METADATA_PATH}${resourcePath}`;
}

export function protectedResourceMetadata(
  origin: string | undefined,
  resourcePath: string,
): ProtectedResourceMetadata {
  return {
    resource: `${origin ?? ''}${resourcePath}`,
    resource_name: 'Policy Catalog tool server',
    bearer_methods_supported: ['header'],
    scopes_supported: [...SCOPES],
  };
}

/** The `WWW-Authenticate` value of a 401: where the metadata is, and why the token was refused. */
export function bearerChallenge(
  origin: string | undefined,
  resourcePath: string,
  invalid?: { description: string },
): string {
  const parts = [`Bearer realm="policy-catalog"`, `resource_metadata="${metadataUrl(origin, resourcePath)}"`];
  if (invalid) {
    parts.push('error="invalid_token"', `error_description="${invalid.description.replace(/["\\]/g, "'")}"`);
  }
  return parts.join(', ');
}
