import { randomUUID } from 'node:crypto';
import type { NewDeployment } from '../deployments.repository';

/**
 * For the tests of the two apps that share the schema (and the library's own): a policy deployment as
 * an insert gives it, release only, nothing pinned, every id fresh (its dedupe key too, so it is never
 * found in flight unless `fields` name a key already used). `fields` replace any column.
 */
export function newDeployment(fields: Partial<NewDeployment> = {}): NewDeployment {
  return {
    asset_type: 'policy',
    policy_id: randomUUID(),
    ruleset_id: null,
    asset_name: 'P',
    asset_slug: 'p',
    connection_id: randomUUID(),
    workspace_id: randomUUID(),
    created_by: randomUUID(),
    platform_org_id: randomUUID(),
    platform_org_name: null,
    do_publish: false,
    do_release: true,
    cleanup_dev: false,
    ref: null,
    implementation_ref: null,
    requested_version: null,
    source: {
      source_host_url: 'x',
      implementation_source_host_url: null,
      source_ref: null,
      implementation_source_ref: null,
      description: '',
    },
    governance_profile: null,
    dedupe_key: randomUUID(),
    ...fields,
  };
}
