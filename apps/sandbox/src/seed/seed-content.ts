import type { RepositorySpec } from '../source-host/git-repository.store';

/** A 16x16 single-colour PNG, for rulesets that ship `icon.png`. */
const ICON_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGPQz59PEmIY1TCqYfhqAAAXez0Q3Cu3xQAAAABJRU5ErkJggg==',
  'base64',
);

const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <rect width="64" height="64" rx="12" fill="#2f6f9f"/>
  <path d="M18 33l9 9 19-20" stroke="#fff" stroke-width="6" fill="none" stroke-linecap="round"/>
</svg>
`;

function cargoToml(name: string, version: string, pdk: string, tableForm: boolean): string {
  const pdkLine = tableForm ? `pdk = { version = "${pdk}", registry = "vendor" }` : `pdk = "${pdk}"`;
  return `[package]
name = "${name}"
version = "${version}"
edition = "2021"
rust-version = "1.74"

[lib]
crate-type = ["cdylib"]

[dependencies]
${pdkLine}
serde = { version = "1.0", features = ["derive"] }
serde_json = "1.0"
anyhow = "1.0"

[profile.release]
lto = true
opt-level = "z"
strip = "debuginfo"
`;
}

const HEADER_INJECTION_GCL = (extraProperty: string) => `---
apiVersion: gateway.vendor/v1alpha1
kind: Extension
metadata:
  name: header-injection
  labels:
    title: Header Injection
    category: Transformation
    description: Adds headers to requests before they reach the upstream and to responses before they reach the client.
spec:
  extends:
    - name: extension-definition
  properties:
    inboundHeaders:
      type: array
      description: Headers added to the request sent upstream.
      items:
        type: object
        properties:
          key:
            type: string
          value:
            type: string
            format: expression
        required: [key, value]
    outboundHeaders:
      type: array
      description: Headers added to the response sent to the client.
      items:
        type: object
        properties:
          key:
            type: string
          value:
            type: string
        required: [key, value]${extraProperty}
  required:
    - inboundHeaders
`;

const HEADER_INJECTION_LIB = `use anyhow::Result;
use pdk::hl::*;

use crate::generated::config::Config;

mod generated;

async fn request_filter(state: RequestState, config: &Config) {
    let headers_state = state.into_headers_state().await;
    for header in &config.inbound_headers {
        headers_state.handler().set_header(&header.key, &header.value);
    }
}

async fn response_filter(state: ResponseState, config: &Config) {
    let headers_state = state.into_headers_state().await;
    for header in config.outbound_headers.iter().flatten() {
        headers_state.handler().set_header(&header.key, &header.value);
    }
}

#[entrypoint]
async fn configure(launcher: Launcher, Configuration(bytes): Configuration) -> Result<()> {
    let config: Config = serde_json::from_slice(&bytes)?;
    let filter = on_request(|rs| request_filter(rs, &config)).on_response(|rs| response_filter(rs, &config));
    launcher.launch(filter).await?;
    Ok(())
}
`;

const IP_ALLOWLIST_GCL = `---
apiVersion: gateway.vendor/v1alpha1
kind: Extension
metadata:
  name: ip-allowlist
  labels:
    title: IP Allowlist
    category: Security
    description: Rejects requests whose client address is not in one of the allowed ranges.
spec:
  extends:
    - name: extension-definition
  properties:
    ipExpression:
      type: string
      format: expression
      default: "x-forwarded-for"
      description: Header the client address is read from.
    ips:
      type: array
      description: Allowed addresses or CIDR ranges.
      items:
        type: string
      minItems: 1
    rejectStatus:
      type: integer
      default: 403
      minimum: 400
      maximum: 499
  required:
    - ips
`;

const IP_ALLOWLIST_LIB = `use anyhow::Result;
use pdk::hl::*;
use pdk::ip_filter::IpFilter;

use crate::generated::config::Config;

mod generated;

async fn filter(state: RequestState, allowed: &IpFilter, reject_status: u32) -> Flow<()> {
    let headers_state = state.into_headers_state().await;
    let address = headers_state.handler().header("x-forwarded-for").unwrap_or_default();
    if allowed.is_allowed(address.split(',').next().unwrap_or("").trim()) {
        Flow::Continue(())
    } else {
        Flow::Break(Response::new(reject_status))
    }
}

#[entrypoint]
async fn configure(launcher: Launcher, Configuration(bytes): Configuration) -> Result<()> {
    let config: Config = serde_json::from_slice(&bytes)?;
    let allowed = IpFilter::allow(&config.ips)?;
    let status = config.reject_status.unwrap_or(403) as u32;
    launcher.launch(on_request(|rs| filter(rs, &allowed, status))).await?;
    Ok(())
}
`;

const JWT_CLAIMS_GCL = `---
apiVersion: gateway.vendor/v1alpha1
kind: Extension
metadata:
  name: jwt-claims-validation
  labels:
    title: JWT Claims Validation
    category: Security
    description: Validates required claims of an already verified JSON Web Token.
spec:
  extends:
    - name: extension-definition
  properties:
    tokenHeader:
      type: string
      default: authorization
    requiredClaims:
      type: array
      items:
        type: object
        properties:
          name:
            type: string
          values:
            type: array
            items:
              type: string
        required: [name]
    clockSkewSeconds:
      type: integer
      default: 30
      minimum: 0
  required:
    - requiredClaims
`;

const JWT_CLAIMS_LIB = `use anyhow::Result;
use pdk::hl::*;
use pdk::jwt::JwtClaims;

use crate::generated::config::Config;

mod generated;

async fn filter(state: RequestState, config: &Config) -> Flow<()> {
    let headers_state = state.into_headers_state().await;
    let Some(token) = headers_state.handler().header(&config.token_header) else {
        return Flow::Break(Response::new(401));
    };
    let Ok(claims) = JwtClaims::parse_unverified(token.trim_start_matches("Bearer ")) else {
        return Flow::Break(Response::new(401));
    };
    for required in &config.required_claims {
        match claims.get_claim(&required.name) {
            Some(value) if required.values.as_ref().map_or(true, |v| v.contains(&value)) => {}
            _ => return Flow::Break(Response::new(403)),
        }
    }
    Flow::Continue(())
}

#[entrypoint]
async fn configure(launcher: Launcher, Configuration(bytes): Configuration) -> Result<()> {
    let config: Config = serde_json::from_slice(&bytes)?;
    launcher.launch(on_request(|rs| filter(rs, &config))).await?;
    Ok(())
}
`;

const REST_BEST_PRACTICES = (extraRule: string) => `#%Validation Profile 1.0

profile: REST API Best Practices
description: Naming, documentation and status-code conventions for HTTP APIs.

violation:
  - resource-names-kebab-case
  - operations-have-success-response
warning:
  - operations-have-descriptions${extraRule}
info:
  - api-has-contact

validations:
  resource-names-kebab-case:
    message: Resource paths must use kebab-case segments.
    targetClass: apiContract.EndPoint
    propertyConstraints:
      apiContract.path:
        pattern: "^(/[a-z0-9-]+|/\\\\{[a-zA-Z0-9]+\\\\})*$"

  operations-have-success-response:
    message: Every operation must declare at least one 2xx response.
    targetClass: apiContract.Operation
    propertyConstraints:
      apiContract.returns:
        atLeast:
          count: 1
          validation:
            propertyConstraints:
              apiContract.statusCode:
                pattern: "^2[0-9]{2}$"

  operations-have-descriptions:
    message: Operations should be described.
    targetClass: apiContract.Operation
    propertyConstraints:
      core.description:
        minCount: 1

  api-has-contact:
    message: The API should name a contact.
    targetClass: apiContract.WebAPI
    propertyConstraints:
      core.provider:
        minCount: 1
`;

const SECURITY_BASELINE = `#%Validation Profile 1.0

profile: API Security Baseline
description: Minimum security requirements every published API must meet.

violation:
  - operations-are-secured
  - servers-use-https
warning:
  - api-key-not-in-query
info: []

validations:
  operations-are-secured:
    message: Every operation must declare a security requirement.
    targetClass: apiContract.Operation
    propertyConstraints:
      security.security:
        minCount: 1

  servers-use-https:
    message: Servers must use https.
    targetClass: apiContract.Server
    propertyConstraints:
      core.urlTemplate:
        pattern: "^https://"

  api-key-not-in-query:
    message: API keys should be sent in a header, not in the query string.
    targetClass: security.ApiKeySettings
    propertyConstraints:
      security.in:
        in: [header, cookie]
`;

function registryJson(assetId: string, name: string, description: string): string {
  return `${JSON.stringify({ assetId, name, description, main: 'ruleset.yaml' }, null, 2)}\n`;
}

function readme(title: string, body: string): string {
  return `# ${title}\n\n${body}\n`;
}

/** Owner of the demo policy repositories. */
export const POLICY_OWNER = 'gateway-community';
/** Owner of the demo ruleset repositories. */
export const RULESET_OWNER = 'api-governance';

export const SEED_REPOSITORIES: RepositorySpec[] = [
  {
    owner: POLICY_OWNER,
    name: 'header-injection-policy',
    description: 'Adds configurable headers to requests and responses.',
    files: {
      'README.md': readme(
        'Header Injection',
        'A unified policy: definition and implementation in one repository.',
      ),
      'definition/gcl.yaml': HEADER_INJECTION_GCL(''),
      'Cargo.toml': cargoToml('header_injection', '1.1.0', '1.2.0', true),
      'src/lib.rs': HEADER_INJECTION_LIB,
    },
    tags: {
      'v1.0.0': {
        'README.md': readme(
          'Header Injection',
          'A unified policy: definition and implementation in one repository.',
        ),
        'definition/gcl.yaml': HEADER_INJECTION_GCL(''),
        'Cargo.toml': cargoToml('header_injection', '1.0.0', '1.1.0', true),
        'src/lib.rs': HEADER_INJECTION_LIB,
      },
      'v1.1.0': {},
    },
    branches: {
      'feature/remove-headers': {
        'README.md': readme('Header Injection', 'Work in progress: header removal.'),
        'definition/gcl.yaml': HEADER_INJECTION_GCL(`
    removeHeaders:
      type: array
      items:
        type: string`),
        'Cargo.toml': cargoToml('header_injection', '1.2.0', '1.2.0', true),
        'src/lib.rs': HEADER_INJECTION_LIB,
      },
    },
  },
  {
    owner: POLICY_OWNER,
    name: 'ip-allowlist-policy',
    description: 'Lets only requests from allowed address ranges through.',
    hasIssues: false,
    files: {
      'README.md': readme('IP Allowlist', 'A unified policy.'),
      'definition/gcl.yaml': IP_ALLOWLIST_GCL,
      'Cargo.toml': cargoToml('ip_allowlist', '2.0.0', '1.2.0', false),
      'src/lib.rs': IP_ALLOWLIST_LIB,
    },
    tags: { 'v2.0.0': {} },
  },
  {
    owner: POLICY_OWNER,
    name: 'jwt-claims-validation-definition',
    description: 'Definition of the JWT claims validation policy (split layout).',
    files: {
      'README.md': readme(
        'JWT Claims Validation: definition',
        'The implementation lives in jwt-claims-validation-implementation.',
      ),
      'gcl.yaml': JWT_CLAIMS_GCL,
    },
    tags: { 'v1.0.0': {} },
  },
  {
    owner: POLICY_OWNER,
    name: 'jwt-claims-validation-implementation',
    description: 'Implementation of the JWT claims validation policy (split layout).',
    files: {
      'README.md': readme(
        'JWT Claims Validation: implementation',
        'The definition lives in jwt-claims-validation-definition.',
      ),
      'Cargo.toml': cargoToml('jwt_claims_validation', '1.0.0', '1.2.0', true),
      'src/lib.rs': JWT_CLAIMS_LIB,
    },
    tags: { 'v1.0.0': {} },
  },
  {
    owner: POLICY_OWNER,
    name: 'internal-experiments',
    description: 'Private work of the maintainers.',
    private: true,
    files: {
      'definition/gcl.yaml': IP_ALLOWLIST_GCL.replace(/ip-allowlist/g, 'experiment'),
      'Cargo.toml': cargoToml('experiment', '0.1.0', '1.2.0', false),
      'src/lib.rs': IP_ALLOWLIST_LIB,
    },
  },
  {
    owner: RULESET_OWNER,
    name: 'rest-api-best-practices',
    description: 'Naming, documentation and status-code conventions for HTTP APIs.',
    files: {
      'README.md': readme('REST API Best Practices', 'A governance ruleset.'),
      'ruleset.yaml': REST_BEST_PRACTICES(`
  - parameters-have-descriptions`).replace(
        '  api-has-contact:',
        `  parameters-have-descriptions:
    message: Parameters should be described.
    targetClass: apiContract.Parameter
    propertyConstraints:
      core.description:
        minCount: 1

  api-has-contact:`,
      ),
      'registry.json': registryJson(
        'rest-api-best-practices',
        'REST API Best Practices',
        'Naming, documentation and status-code conventions for HTTP APIs.',
      ),
      'icon.svg': ICON_SVG,
    },
    tags: {
      'v1.0.0': {
        'README.md': readme('REST API Best Practices', 'A governance ruleset.'),
        'ruleset.yaml': REST_BEST_PRACTICES(''),
        'registry.json': registryJson(
          'rest-api-best-practices',
          'REST API Best Practices',
          'Naming, documentation and status-code conventions for HTTP APIs.',
        ),
        'icon.svg': ICON_SVG,
      },
      'v1.1.0': {},
    },
  },
  {
    owner: RULESET_OWNER,
    name: 'security-baseline',
    description: 'Minimum security requirements every published API must meet.',
    files: {
      'README.md': readme('API Security Baseline', 'A governance ruleset.'),
      'ruleset.yaml': SECURITY_BASELINE,
      'registry.json': registryJson(
        'security-baseline',
        'API Security Baseline',
        'Minimum security requirements every published API must meet.',
      ),
      'icon.png': ICON_PNG,
    },
    tags: { 'v1.0.0': {} },
  },
];

/**
 * Demo ruleset repositories a user can validate to see each error: a file that is not a profile, YAML
 * that does not parse, rules under two severities or not defined, and a repository with no profile.
 */
export const BROKEN_RULESET_REPOSITORIES: RepositorySpec[] = [
  {
    owner: RULESET_OWNER,
    name: 'broken-not-a-profile',
    description: 'A ruleset.yaml that is not a validation profile.',
    files: {
      'ruleset.yaml':
        'profile: Not A Profile\nviolation: [a]\nvalidations:\n  a:\n    targetClass: apiContract.Operation\n',
      'registry.json': registryJson('broken-not-a-profile', 'Not A Profile', 'The header line is missing.'),
    },
  },
  {
    owner: RULESET_OWNER,
    name: 'broken-yaml',
    description: 'A profile whose YAML does not parse.',
    files: {
      'ruleset.yaml': '#%Validation Profile 1.0\nprofile: Broken YAML\nviolation:\n  - a\n validations: [\n',
    },
  },
  {
    owner: RULESET_OWNER,
    name: 'broken-rules',
    description: 'A rule under two severities, and a rule validations does not define.',
    files: {
      'ruleset.yaml': [
        '#%Validation Profile 1.0',
        'profile: Broken Rules',
        'description: Two mistakes.',
        'violation:',
        '  - operations-are-secured',
        'warning:',
        '  - operations-are-secured',
        '  - undefined-rule',
        'validations:',
        '  operations-are-secured:',
        '    message: Secure every operation.',
        '    targetClass: apiContract.Operation',
        '',
      ].join('\n'),
    },
  },
  {
    owner: RULESET_OWNER,
    name: 'broken-no-profile',
    description: 'A repository without any validation profile.',
    files: { 'README.md': readme('No Profile', 'Nothing to validate here.') },
  },
];

/**
 * A repository of several rulesets, one per folder: validate one with a `/tree/<ref>/<folder>` URL. The
 * `mcp` folder's profile is found by discovery (its name is not one of the conventional ones).
 */
export const RULESET_MONOREPO: RepositorySpec = {
  owner: RULESET_OWNER,
  name: 'governance-rulesets',
  description: 'Several rulesets, one per folder.',
  files: {
    'README.md': readme('Governance rulesets', 'One ruleset per folder.'),
    'mcp/mcp-tools.yaml': [
      '#%Validation Profile 1.0',
      'profile: MCP Tool Hygiene',
      'description: Tools of an MCP server are described and take a schema.',
      'violation: [tools-have-descriptions]',
      'warning: [agents-declare-skills]',
      'info: []',
      'validations:',
      '  tools-have-descriptions:',
      '    message: Every tool needs a description.',
      '    targetClass: mcp.Tool',
      '    propertyConstraints:',
      '      core.description:',
      '        minCount: 1',
      '  agents-declare-skills:',
      '    message: Agent cards should list their skills.',
      '    targetClass: agent.AgentCard',
      '    propertyConstraints:',
      '      core.name:',
      '        minCount: 1',
      '',
    ].join('\n'),
    'mcp/icon.svg': ICON_SVG,
    'security/ruleset.yaml': SECURITY_BASELINE,
  },
};

/** A Spectral ruleset: OAS's recommended rules but info-contact, and every operation has an operationId. */
const SPECTRAL_OPERATION_IDS = `description: Operation ids, on top of the recommended OpenAPI rules.
extends: [[spectral:oas, recommended]]
rules:
  info-contact: off
  operation-id-required:
    description: Every operation has an operationId.
    message: Every operation needs an operationId.
    severity: error
    given: $.paths[*][get,put,post,delete,options,head,patch,trace]
    then:
      field: operationId
      function: truthy
`;

/**
 * A Spectral ruleset repository (`.spectral.yaml`): the recommended rules of `spectral:oas`, one turned
 * off, and a rule of its own; its rules' descriptions become the ruleset's rules tab.
 */
export const SPECTRAL_RULESET_REPOSITORY: RepositorySpec = {
  owner: RULESET_OWNER,
  name: 'spectral-operation-ids',
  description: 'A Spectral ruleset: the recommended OpenAPI rules and operation ids.',
  files: {
    'README.md': readme('Operation ids (Spectral)', 'A Spectral ruleset on the built-in OpenAPI rules.'),
    '.spectral.yaml': SPECTRAL_OPERATION_IDS,
    'registry.json': `${JSON.stringify(
      {
        assetId: 'spectral-operation-ids',
        name: 'Operation ids (Spectral)',
        description: 'The recommended OpenAPI rules, and an operationId on every operation.',
        main: '.spectral.yaml',
      },
      null,
      2,
    )}\n`,
  },
  tags: { 'v1.0.0': {} },
};

/** The demo tenant of the sandbox platform: a root organization and two business groups. */
export const SEED_TENANT = {
  clientId: 'sandbox-demo-client',
  clientSecret: 'sandbox-demo-secret',
  organizations: [
    { id: '6a0b1c2d-0000-4000-8000-000000000001', name: 'Demo Corp' },
    {
      id: '6a0b1c2d-0000-4000-8000-000000000002',
      name: 'Payments',
      parentId: '6a0b1c2d-0000-4000-8000-000000000001',
    },
    {
      id: '6a0b1c2d-0000-4000-8000-000000000003',
      name: 'Retail',
      parentId: '6a0b1c2d-0000-4000-8000-000000000001',
    },
  ],
} as const;

/** The access token the sandbox source host accepts (it can read private repositories). */
export const SEED_SOURCE_HOST_TOKEN = 'sandbox-source-host-token';
