/**
 * OAuth 2.0 Protected Resource Metadata, written from the field list of RFC 9728 §2 (and the fields of
 * the registry it creates, §8.1.2): `resource` is required and is a URL without a fragment; the others
 * are optional with the types the RFC gives them. Extra members are allowed (§2: unknown ones are
 * ignored by clients).
 */
const uri = { type: 'string', format: 'uri', pattern: '^[^#]*$' } as const;
const strings = { type: 'array', items: { type: 'string', minLength: 1 }, uniqueItems: true } as const;

export const PROTECTED_RESOURCE_METADATA_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['resource'],
  properties: {
    resource: uri,
    authorization_servers: { type: 'array', items: uri, uniqueItems: true },
    jwks_uri: uri,
    scopes_supported: strings,
    bearer_methods_supported: {
      type: 'array',
      items: { enum: ['header', 'body', 'query'] },
      uniqueItems: true,
    },
    resource_signing_alg_values_supported: { ...strings, items: { type: 'string', not: { const: 'none' } } },
    resource_name: { type: 'string', minLength: 1 },
    resource_documentation: uri,
    resource_policy_uri: uri,
    resource_tos_uri: uri,
    tls_client_certificate_bound_access_tokens: { type: 'boolean' },
    authorization_details_types_supported: strings,
    dpop_signing_alg_values_supported: strings,
    dpop_bound_access_tokens_required: { type: 'boolean' },
    signed_metadata: { type: 'string', pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*$' },
  },
} as const;
