/**
 * The files of the policy repositories the catalog's tests submit, at the service level (the in-memory
 * source host of `catalogUnderTest`) and end to end (the sandbox's): one valid unified policy, OAuth Scope
 * Guard, version 1.2.3 on kit 1.4.0, whole or split in two.
 */

/** The policy's definition. */
export const GCL = `apiVersion: gateway.vendor/v1alpha1
kind: Extension
metadata:
  name: oauth-scopes
  labels:
    title: OAuth Scope Guard
    category: Security
spec:
  properties: {}
`;
/** The implementation's manifest: version 1.2.3, kit 1.4.0. */
export const CARGO = '[package]\nname = "oauth_scopes"\nversion = "1.2.3"\n\n[dependencies]\npdk = "1.4.0"\n';
/** A unified policy repository that validates. */
export const POLICY_FILES: Record<string, string> = {
  'definition/gcl.yaml': GCL,
  'Cargo.toml': CARGO,
  'src/lib.rs': '// filter\n',
};
/** The two halves of a split policy. */
export const DEFINITION_FILES: Record<string, string> = { 'gcl.yaml': GCL };
export const IMPLEMENTATION_FILES: Record<string, string> = {
  'Cargo.toml': CARGO,
  'src/lib.rs': '// filter\n',
};
