/**
 * The catalog's lists filled with maximal rows, far more than the bus carries in one message: the
 * fixture of the service-level walk of every paged list (apps/catalog/src/common/list-bounds.integration-spec.ts)
 * and of the end-to-end walk of the largest through the gateway over NATS
 * (apps/embedded/src/list-bounds.e2e-spec.ts). Written straight into the catalog's tables: building this
 * through the API would take minutes.
 */

/** Three bytes in UTF-8: the longest text each field allows, in the most bytes. */
export const WIDE = (chars: number): string => '€'.repeat(chars);

/** A validation report as the catalog stores it (the OpenAPI document requires every field). */
const STORED_VALIDATION = {
  ok: true,
  errors: [],
  warnings: [],
  projectType: 'unified',
  definition: {
    path: 'definition/gcl.yaml',
    name: 'max',
    title: 'Max',
    category: 'Security',
    description: null,
  },
  implementation: { path: 'src/lib.rs' },
  version: '1.0.0',
  kitVersion: '1.4.0',
  defaultBranch: 'main',
  implementationDefaultBranch: null,
  hasIssues: true,
  assetKinds: ['api'],
};

/** Runs one statement on the test's database and answers its rows. */
export type RunSql = (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

/**
 * Seeds the catalog of `ownerId` with maximal rows: 120 published policies (`max-1`, the newest, to
 * `max-120`), the first 60 by slug under review as submissions with a stored report, a pending revision
 * of the description on each of the first 30 by slug, 60 ideas, and 250 large history entries of
 * `max-1`. Answers `max-1`'s id.
 */
export async function seedMaximalCatalog(sql: RunSql, ownerId: string): Promise<string> {
  await sql(
    `INSERT INTO catalog.policies (slug, name, description, category, status, owner_id, source_host_url, created_at)
     SELECT 'max-' || i, 'Max ' || lpad(i::text, 3, '0') || ' ' || $2, $3, $4, 'published', $1,
            'https://source-host.example/community/max-' || i, now() - make_interval(secs => i)
       FROM generate_series(1, 120) AS i`,
    [ownerId, WIDE(110), WIDE(20_000), WIDE(120)],
  );
  const [{ id: policyId }] = await sql(`SELECT id FROM catalog.policies WHERE slug = 'max-1'`, []);
  await sql(
    `INSERT INTO catalog.policy_submissions (policy_id, submitted_by, status, name, description, source_host_url,
                                            validation, created_at)
     SELECT p.id, $1, 'submitted', p.name, p.description, p.source_host_url, $2, p.created_at
       FROM catalog.policies p WHERE p.slug LIKE 'max-%' ORDER BY p.slug LIMIT 60`,
    [ownerId, JSON.stringify(STORED_VALIDATION)],
  );
  await sql(
    `INSERT INTO catalog.policy_revisions (policy_id, field, proposed_value, previous_value, submitted_by)
     SELECT p.id, 'description', $2, p.description, $1
       FROM catalog.policies p WHERE p.slug LIKE 'max-%' ORDER BY p.slug LIMIT 30`,
    [ownerId, WIDE(20_000)],
  );
  await sql(
    `INSERT INTO catalog.ideas (title, description, submitter_id) SELECT $2, $3, $1 FROM generate_series(1, 60)`,
    [ownerId, WIDE(200), WIDE(20_000)],
  );
  await sql(
    `INSERT INTO catalog.policy_history (policy_id, actor_id, action, details)
     SELECT $1, $2, 'edited', jsonb_build_object('fields', jsonb_build_array($3::text)) FROM generate_series(1, 250)`,
    [policyId, ownerId, WIDE(5_000)],
  );
  return policyId as string;
}
