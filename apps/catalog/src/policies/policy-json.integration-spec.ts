import { randomUUID } from 'node:crypto';
import { CatalogRpc, type Policy, type RequestContext, type UserSummary } from '@pc/contracts';
import { anonymous, catalogUnderTest, type TestUser } from '../testing/catalog-under-test';
import { type Presentation, PRESENTATIONS, toPolicy } from '../testing/policy-reference';
import { POLICY_COLUMNS, type PolicyRow } from './policy.row';

// The reads answer with JSON that PostgreSQL writes (`PoliciesRepository.findJson`, `searchJson`): for
// every shape a row can take, the answer must parse to exactly what the object mapper (`toPolicy`, the
// reference) gives for the same row, its presentation and its owner, by id and in a list.
describe('policies answered as JSON built by PostgreSQL', () => {
  const t = catalogUnderTest();
  const WORD = `quillfeather${Date.now().toString(36)}`;

  interface Built {
    id: string;
    owner: UserSummary | undefined;
  }

  const names = [
    'Plain Guard',
    'Quote "double" and \'single\' Guard',
    'Back\\slash and /slash Guard',
    'Unicode naïve café ✓ 日本 🚀 Guard',
    'Control\ttab\nnewline Guard',
    'Line\u2028separator Guard',
  ];

  function summaryOf(user: TestUser, name: string): UserSummary {
    return {
      id: user.id,
      name,
      username: user.username,
      company: null,
      email: user.email,
      avatarEmailHash: null,
      avatarUrl: '',
    };
  }

  async function buildPolicies(viewer: TestUser, viewerSummary: UserSummary): Promise<Built[]> {
    const ownerName = 'Ørjan "the owner" O\'Brien ✓';
    const known = t.newUser(ownerName);
    const [idea] = await t.sql<{ id: string }>(
      `INSERT INTO catalog.ideas (title, description, submitter_id) VALUES ($1, 'An idea', $2) RETURNING id`,
      ['Idea "quoted" ✓', known.id],
    );
    const [other] = await t.sql<{ id: string }>(
      `INSERT INTO catalog.ideas (title, description, submitter_id) VALUES ('Another idea', 'x', $1) RETURNING id`,
      [known.id],
    );
    const built: Built[] = [];
    for (let n = 0; n < 36; n++) {
      const ownedByViewer = n % 9 === 4;
      const unknownOwner = n % 5 === 3;
      const ownerId = ownedByViewer ? viewer.id : unknownOwner ? randomUUID() : known.id;
      const pinned = n % 3 === 0;
      const split = n % 4 === 1;
      const [row] = await t.sql<{ id: string }>(
        `INSERT INTO catalog.policies (slug, name, description, category, status, owner_id, project_type,
           source_host_url, implementation_source_host_url, source_ref, implementation_source_ref,
           video_tutorial_url, examples_url, icon_url, icon_disabled, asset_kinds, a2a_protocol_versions,
           direction, version, kit_version, source_host_has_issues, like_count, download_count, deploy_count,
           pinned_commit, pinned_content_digest, implementation_pinned_commit,
           implementation_pinned_content_digest, pinned_at, pinned_by, pinned_how, published_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
           $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, now() - make_interval(secs => $33))
         RETURNING id`,
        [
          `json-${n}-${WORD}`,
          `${names[n % names.length]} ${n} ${WORD}`,
          n % 2 ? 'Description with "quotes", \\ and ✓.' : 'Plain description.',
          n % 3 === 2 ? null : `Category ${n % 4}`,
          ownedByViewer && n % 2 ? 'under_review' : 'published',
          ownerId,
          split ? 'split' : 'unified',
          `https://source-host.test/json/${n}`,
          split ? `https://source-host.test/json/${n}-impl` : null,
          n % 2 ? 'main' : null,
          split && n % 2 ? 'v1' : null,
          n % 5 === 0 ? 'https://video.test/x?a=1&b="2"' : null,
          n % 6 === 0 ? 'https://examples.test/x' : null,
          n % 7 === 6 ? null : `https://icons.test/${n}.svg`,
          n % 4 === 2,
          n % 3 ? ['mcp', 'http'] : [],
          n % 2 ? ['0.2', '0.3'] : [],
          n % 2 ? 'outbound' : 'inbound',
          n % 3 ? `1.${n}.0` : null,
          n % 4 ? null : '0.9.1',
          n % 5 === 1,
          n * 3,
          n * 1000 + 7,
          n % 4,
          pinned ? 'a'.repeat(40) : null,
          pinned && n % 2 ? `sha256:${n}` : null,
          pinned && split ? 'b'.repeat(40) : null,
          pinned && split ? 'sha256:impl' : null,
          pinned ? new Date(Date.UTC(2026, 0, 2, 3, 4, 5, n)) : n % 5 === 2 ? new Date() : null,
          pinned ? known.id : null,
          pinned ? [null, 'admin', 'migration'][n % 3] : null,
          ownedByViewer && n % 2 ? null : new Date(Date.UTC(2025, n % 12, 1 + n, 0, 0, 0, 999)),
          // Timestamps with microseconds (`now()`): the answer shows milliseconds, cut as node-postgres cuts them.
          n * 0.001234,
        ],
      );
      if (n % 2 === 0)
        await t.sql(`INSERT INTO catalog.policy_likes (policy_id, user_id) VALUES ($1, $2)`, [
          row.id,
          viewer.id,
        ]);
      if (n % 3 !== 1) {
        await t.sql(
          `INSERT INTO catalog.policy_doc_tabs (policy_id, key, title, kind, body_md, sort_order)
           VALUES ($1, 'overview', 'Overview', 'predefined', 'Text', 0),
                  ($1, 'faq', 'FAQ', 'predefined', $2, 1),
                  ($1, 'custom-x', 'Custom', 'custom', 'More', 2)`,
          [row.id, n % 2 ? '  ' : 'Answers'],
        );
      }
      if (n % 4 === 0) {
        await t.sql(
          `INSERT INTO catalog.idea_deliveries (idea_id, resource_type, resource_id, coverage, scope_note, completes_idea, phase)
           VALUES ($1, 'policy', $3, 'partial', 'Only "GET" ✓', false, 'declared'),
                  ($2, 'policy', $3, 'full', NULL, true, 'delivered')`,
          [idea.id, other.id, row.id],
        );
      }
      built.push({
        id: row.id,
        owner:
          ownerId === known.id
            ? summaryOf(known, ownerName)
            : ownerId === viewer.id
              ? viewerSummary
              : undefined,
      });
    }
    return built;
  }

  /** The reference: the row read as node-postgres reads it, presented by `toPolicy`. */
  async function expected(policy: Built, viewerId: string | null): Promise<Policy> {
    const [row] = await t.sql<PolicyRow>(`SELECT ${POLICY_COLUMNS} FROM catalog.policies p WHERE p.id = $1`, [
      policy.id,
    ]);
    const [presentation] = await t.sql<Presentation>(PRESENTATIONS, [[policy.id], viewerId]);
    return toPolicy(row, {
      owner: policy.owner,
      liked: presentation.liked,
      docs: { tabs: presentation.doc_tabs, filled: presentation.doc_filled },
      deliveries: presentation.deliveries,
    });
  }

  let viewer: TestUser;
  let built: Built[];

  beforeAll(async () => {
    viewer = t.newUser('Viewer «ü»');
    built = await buildPolicies(viewer, summaryOf(viewer, 'Viewer «ü»'));
  });

  it('gives, by id and in lists, exactly what toPolicy gives for every kind of row, signed in or not', async () => {
    const callers: Array<[RequestContext, string | null]> = [
      [viewer.ctx, viewer.id],
      [anonymous(), null],
    ];
    for (const [ctx, viewerId] of callers) {
      const listed = await t.request(CatalogRpc.listPolicies, ctx, { q: WORD, limit: 100 });
      const byId = new Map(listed.policies.map((p) => ['id' in p ? p.id : p.slug, p]));
      let seen = 0;
      for (const policy of built) {
        const want = await expected(policy, viewerId);
        const visible = want.status === 'published' || viewerId === want.owner_id;
        if (!visible) continue;
        seen++;
        expect((await t.request(CatalogRpc.getPolicy, ctx, { id: policy.id })).policy).toStrictEqual(want);
        expect(byId.get(policy.id)).toStrictEqual(want);
      }
      expect(listed.policies).toHaveLength(seen);
    }
  });

  it('pages a list whose JSON is built by PostgreSQL by the same cursor as before', async () => {
    const all = await t.request(CatalogRpc.listPolicies, anonymous(), { q: WORD, limit: 100 });
    const first = await t.request(CatalogRpc.listPolicies, anonymous(), { q: WORD, limit: 5 });
    expect(first.hasMore).toBe(true);
    const next = await t.request(CatalogRpc.listPolicies, anonymous(), {
      q: WORD,
      limit: 100,
      cursor: first.nextCursor ?? undefined,
    });
    expect(next.hasMore).toBe(false);
    expect(next.nextCursor).toBeNull();
    expect([...first.policies, ...next.policies]).toStrictEqual(all.policies);
  });
});
