import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CatalogInit1795400000000 implements MigrationInterface {
  name = 'CatalogInit1795400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`
      CREATE TABLE catalog.policies (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL,
        name text NOT NULL,
        description text NOT NULL,
        category text,
        status text NOT NULL,
        owner_id uuid NOT NULL,
        project_type text NOT NULL DEFAULT 'unified',
        source_host_url text NOT NULL,
        implementation_source_host_url text,
        source_ref text,
        implementation_source_ref text,
        video_tutorial_url text,
        examples_url text,
        icon_url text,
        icon_disabled boolean NOT NULL DEFAULT false,
        asset_kinds text[] NOT NULL DEFAULT '{}',
        a2a_protocol_versions text[] NOT NULL DEFAULT '{}',
        direction text NOT NULL DEFAULT 'inbound',
        version text,
        kit_version text,
        source_host_has_issues boolean NOT NULL DEFAULT false,
        issues_checked_at timestamptz,
        like_count integer NOT NULL DEFAULT 0,
        download_count integer NOT NULL DEFAULT 0,
        published_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
          setweight(to_tsvector('english', coalesce(description, '')), 'B')
        ) STORED,
        CONSTRAINT policies_status_known CHECK (status IN ('under_review', 'published', 'rejected')),
        CONSTRAINT policies_direction_known CHECK (direction IN ('inbound', 'outbound')),
        CONSTRAINT policies_like_count_positive CHECK (like_count >= 0)
      )`);
    await db.query(`CREATE UNIQUE INDEX policies_slug_key ON catalog.policies (slug)`);
    await db.query(`CREATE INDEX policies_search_idx ON catalog.policies USING gin (search)`);
    await db.query(
      `CREATE INDEX policies_name_trgm_idx ON catalog.policies USING gin (lower(name) gin_trgm_ops)`,
    );
    await db.query(
      `CREATE INDEX policies_description_trgm_idx ON catalog.policies USING gin (lower(description) gin_trgm_ops)`,
    );
    await db.query(`CREATE INDEX policies_alpha_idx ON catalog.policies (lower(name), id)`);
    await db.query(
      `CREATE INDEX policies_published_alpha_idx ON catalog.policies (lower(name), id) WHERE status = 'published'`,
    );
    await db.query(
      `CREATE INDEX policies_published_submitted_idx ON catalog.policies (created_at, id) WHERE status = 'published'`,
    );
    await db.query(`CREATE INDEX policies_owner_idx ON catalog.policies (owner_id, created_at)`);
    await db.query(`CREATE INDEX policies_category_idx ON catalog.policies (lower(category), lower(name))`);
    await db.query(`CREATE INDEX policies_asset_kinds_idx ON catalog.policies USING gin (asset_kinds)`);

    await db.query(`
      CREATE TABLE catalog.policy_submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        policy_id uuid NOT NULL REFERENCES catalog.policies(id) ON DELETE CASCADE,
        submitted_by uuid NOT NULL,
        status text NOT NULL,
        name text NOT NULL,
        description text NOT NULL,
        source_host_url text NOT NULL,
        implementation_source_host_url text,
        doc_tabs jsonb NOT NULL DEFAULT '[]',
        validation jsonb NOT NULL,
        feedback text,
        reviewed_by uuid,
        reviewed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT policy_submissions_status_known CHECK (status IN ('submitted', 'approved', 'rejected'))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX policy_submissions_policy_key ON catalog.policy_submissions (policy_id)`,
    );
    await db.query(
      `CREATE INDEX policy_submissions_owner_idx ON catalog.policy_submissions (submitted_by, created_at DESC)`,
    );
    await db.query(
      `CREATE INDEX policy_submissions_queue_idx ON catalog.policy_submissions (created_at) WHERE status = 'submitted'`,
    );

    await db.query(`
      CREATE TABLE catalog.policy_doc_tabs (
        policy_id uuid NOT NULL REFERENCES catalog.policies(id) ON DELETE CASCADE,
        key text NOT NULL,
        title text NOT NULL,
        kind text NOT NULL,
        body_md text NOT NULL DEFAULT '',
        sort_order integer NOT NULL DEFAULT 0,
        PRIMARY KEY (policy_id, key),
        CONSTRAINT policy_doc_tabs_kind_known CHECK (kind IN ('predefined', 'custom'))
      )`);

    await db.query(`
      CREATE TABLE catalog.policy_likes (
        policy_id uuid NOT NULL REFERENCES catalog.policies(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (policy_id, user_id)
      )`);

    await db.query(`
      CREATE TABLE catalog.comments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        policy_id uuid NOT NULL REFERENCES catalog.policies(id) ON DELETE CASCADE,
        parent_id uuid REFERENCES catalog.comments(id) ON DELETE CASCADE,
        author_id uuid,
        body text NOT NULL,
        deleted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX comments_policy_idx ON catalog.comments (policy_id, created_at, id)`);
    await db.query(`CREATE INDEX comments_parent_idx ON catalog.comments (parent_id)`);
    await db.query(`
      CREATE TABLE catalog.comment_quota (
        id bigserial PRIMARY KEY,
        author_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX comment_quota_author_idx ON catalog.comment_quota (author_id, created_at)`);

    await db.query(`
      CREATE TABLE catalog.policy_history (
        id bigserial PRIMARY KEY,
        policy_id uuid NOT NULL REFERENCES catalog.policies(id) ON DELETE CASCADE,
        actor_id uuid,
        action text NOT NULL,
        details jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(`CREATE INDEX policy_history_policy_idx ON catalog.policy_history (policy_id, id DESC)`);

    await db.query(`
      CREATE TABLE catalog.policy_revisions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        policy_id uuid NOT NULL REFERENCES catalog.policies(id) ON DELETE CASCADE,
        field text NOT NULL,
        proposed_value text NOT NULL,
        previous_value text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        feedback text,
        submitted_by uuid NOT NULL,
        submitted_at timestamptz NOT NULL DEFAULT now(),
        reviewed_by uuid,
        reviewed_at timestamptz,
        CONSTRAINT policy_revisions_field_known CHECK (field IN ('description', 'source_host_url')),
        CONSTRAINT policy_revisions_status_known CHECK (status IN ('pending', 'approved', 'rejected'))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX policy_revisions_one_pending ON catalog.policy_revisions (policy_id, field) WHERE status = 'pending'`,
    );
    await db.query(
      `CREATE INDEX policy_revisions_policy_idx ON catalog.policy_revisions (policy_id, submitted_at DESC)`,
    );
    await db.query(
      `CREATE INDEX policy_revisions_queue_idx ON catalog.policy_revisions (submitted_at) WHERE status = 'pending'`,
    );

    await db.query(`
      CREATE TABLE catalog.transfers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        resource_type text NOT NULL,
        resource_id uuid NOT NULL,
        resource_name text NOT NULL,
        from_user_id uuid NOT NULL,
        to_user_id uuid NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        feedback text,
        created_at timestamptz NOT NULL DEFAULT now(),
        decided_at timestamptz,
        expires_at timestamptz NOT NULL,
        CONSTRAINT transfers_resource_type_known CHECK (resource_type IN ('policy', 'idea', 'ruleset')),
        CONSTRAINT transfers_status_known CHECK (status IN ('pending', 'accepted', 'rejected', 'cancelled', 'expired')),
        CONSTRAINT transfers_not_to_self CHECK (from_user_id <> to_user_id)
      )`);
    await db.query(
      `CREATE UNIQUE INDEX transfers_one_pending ON catalog.transfers (resource_type, resource_id) WHERE status = 'pending'`,
    );
    await db.query(`CREATE INDEX transfers_to_idx ON catalog.transfers (to_user_id, created_at DESC)`);
    await db.query(`CREATE INDEX transfers_from_idx ON catalog.transfers (from_user_id, created_at DESC)`);

    await db.query(`
      CREATE TABLE catalog.ideas (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL,
        description text NOT NULL,
        status text NOT NULL DEFAULT 'pending',
        votes integer NOT NULL DEFAULT 0,
        submitter_id uuid NOT NULL,
        feedback text,
        reviewed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ideas_status_known CHECK (status IN ('pending', 'approved', 'rejected', 'delivered'))
      )`);
    await db.query(`CREATE INDEX ideas_queue_idx ON catalog.ideas (created_at) WHERE status = 'pending'`);
    await db.query(`
      CREATE TABLE catalog.idea_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        idea_id uuid NOT NULL REFERENCES catalog.ideas(id) ON DELETE CASCADE,
        resource_type text NOT NULL,
        resource_id uuid NOT NULL,
        coverage text NOT NULL DEFAULT 'full',
        scope_note text,
        completes_idea boolean NOT NULL DEFAULT false,
        phase text NOT NULL DEFAULT 'declared',
        delivered_at timestamptz,
        CONSTRAINT idea_deliveries_phase_known CHECK (phase IN ('declared', 'delivered')),
        CONSTRAINT idea_deliveries_coverage_known CHECK (coverage IN ('full', 'partial'))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX idea_deliveries_key ON catalog.idea_deliveries (resource_type, resource_id, idea_id)`,
    );
    await db.query(`CREATE INDEX idea_deliveries_idea_idx ON catalog.idea_deliveries (idea_id)`);

    await db.query(`
      CREATE TABLE catalog.outbox (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        pattern text NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz,
        attempts integer NOT NULL DEFAULT 0
      )`);
    await db.query(
      `CREATE INDEX outbox_unpublished_idx ON catalog.outbox (created_at) WHERE published_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'outbox',
      'idea_deliveries',
      'ideas',
      'transfers',
      'policy_revisions',
      'policy_history',
      'comment_quota',
      'comments',
      'policy_likes',
      'policy_doc_tabs',
      'policy_submissions',
      'policies',
    ]) {
      await db.query(`DROP TABLE catalog.${table}`);
    }
  }
}
