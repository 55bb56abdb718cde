import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The rulesets schema. A submission creates its ruleset (under review, visible to its owner); approval
 * publishes it. One submission per ruleset: an approved submission reopened by its owner is the review
 * of an update.
 */
export class RulesetsInit1796000000000 implements MigrationInterface {
  name = 'RulesetsInit1796000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await db.query(`
      CREATE TABLE rulesets.rulesets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        description text NOT NULL,
        category text NOT NULL DEFAULT 'Other',
        owner_id uuid NOT NULL,
        submitted_by uuid NOT NULL,
        source_url text NOT NULL,
        source_ref text,
        ruleset_path text,
        profile_name text,
        rule_names text[] NOT NULL DEFAULT '{}',
        rule_counts jsonb NOT NULL DEFAULT '{"violation":0,"warning":0,"info":0}',
        target_scopes text[] NOT NULL DEFAULT '{}',
        tags text[] NOT NULL DEFAULT '{}',
        icon_url text,
        registry_asset_id text,
        video_tutorial_url text,
        examples_url text,
        lifecycle_status text NOT NULL DEFAULT 'under_review',
        review_feedback text,
        reviewed_at timestamptz,
        like_count integer NOT NULL DEFAULT 0,
        view_count bigint NOT NULL DEFAULT 0,
        deploy_count integer NOT NULL DEFAULT 0,
        published_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
          setweight(to_tsvector('english', coalesce(profile_name, '')), 'B') ||
          setweight(to_tsvector('english', coalesce(description, '')), 'C')
        ) STORED,
        CONSTRAINT rulesets_lifecycle_known
          CHECK (lifecycle_status IN ('under_review', 'needs_improvement', 'published', 'rejected')),
        CONSTRAINT rulesets_like_count_positive CHECK (like_count >= 0)
      )`);
    await db.query(`CREATE INDEX rulesets_search_idx ON rulesets.rulesets USING gin (search)`);
    await db.query(
      `CREATE INDEX rulesets_name_trgm_idx ON rulesets.rulesets USING gin (lower(name) gin_trgm_ops)`,
    );
    await db.query(`CREATE INDEX rulesets_scopes_idx ON rulesets.rulesets USING gin (target_scopes)`);
    await db.query(
      `CREATE INDEX rulesets_public_alpha_idx ON rulesets.rulesets (lower(name), id) WHERE published_at IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX rulesets_public_submitted_idx ON rulesets.rulesets (created_at, id) WHERE published_at IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX rulesets_public_likes_idx ON rulesets.rulesets (like_count, id) WHERE published_at IS NOT NULL`,
    );
    await db.query(
      `CREATE INDEX rulesets_public_views_idx ON rulesets.rulesets (view_count, id) WHERE published_at IS NOT NULL`,
    );
    await db.query(`CREATE INDEX rulesets_category_idx ON rulesets.rulesets (category, lower(name), id)`);
    await db.query(`CREATE INDEX rulesets_owner_idx ON rulesets.rulesets (owner_id, created_at)`);

    await db.query(`
      CREATE TABLE rulesets.ruleset_submissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ruleset_id uuid NOT NULL REFERENCES rulesets.rulesets(id) ON DELETE CASCADE,
        submitted_by uuid NOT NULL,
        status text NOT NULL DEFAULT 'submitted',
        name text NOT NULL,
        description text NOT NULL,
        category text NOT NULL,
        source_url text NOT NULL,
        source_ref text,
        ruleset_path text,
        profile_name text,
        rule_counts jsonb NOT NULL,
        rule_names text[] NOT NULL DEFAULT '{}',
        target_scopes text[] NOT NULL DEFAULT '{}',
        registry_asset_id text,
        icon_url text,
        tags text[] NOT NULL DEFAULT '{}',
        video_tutorial_url text,
        examples_url text,
        doc_tabs jsonb NOT NULL DEFAULT '[]',
        review_feedback text,
        reviewed_by uuid,
        reviewed_at timestamptz,
        previous_snapshot jsonb,
        revision_count integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ruleset_submissions_status_known
          CHECK (status IN ('submitted', 'needs_improvement', 'approved', 'rejected'))
      )`);
    await db.query(
      `CREATE UNIQUE INDEX ruleset_submissions_ruleset_key ON rulesets.ruleset_submissions (ruleset_id)`,
    );
    await db.query(
      `CREATE INDEX ruleset_submissions_queue_idx ON rulesets.ruleset_submissions (created_at) WHERE status = 'submitted'`,
    );

    await db.query(`
      CREATE TABLE rulesets.ruleset_doc_tabs (
        ruleset_id uuid NOT NULL REFERENCES rulesets.rulesets(id) ON DELETE CASCADE,
        key text NOT NULL,
        title text NOT NULL,
        kind text NOT NULL,
        body_md text NOT NULL DEFAULT '',
        sort_order integer NOT NULL DEFAULT 0,
        PRIMARY KEY (ruleset_id, key),
        CONSTRAINT ruleset_doc_tabs_kind_known CHECK (kind IN ('predefined', 'custom'))
      )`);

    await db.query(`
      CREATE TABLE rulesets.ruleset_likes (
        ruleset_id uuid NOT NULL REFERENCES rulesets.rulesets(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (ruleset_id, user_id)
      )`);
    await db.query(`CREATE INDEX ruleset_likes_user_idx ON rulesets.ruleset_likes (user_id)`);

    await db.query(`
      CREATE TABLE rulesets.submission_history (
        id bigserial PRIMARY KEY,
        submission_id uuid NOT NULL REFERENCES rulesets.ruleset_submissions(id) ON DELETE CASCADE,
        actor_id uuid,
        action text NOT NULL,
        status text NOT NULL,
        fields text[] NOT NULL DEFAULT '{}',
        feedback text,
        previous_snapshot jsonb,
        revision_count integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query(
      `CREATE INDEX submission_history_submission_idx ON rulesets.submission_history (submission_id, id)`,
    );

    await db.query(`
      CREATE TABLE rulesets.ownership_moves (
        transfer_id uuid PRIMARY KEY,
        ruleset_id uuid NOT NULL REFERENCES rulesets.rulesets(id) ON DELETE CASCADE,
        from_user_id uuid NOT NULL,
        to_user_id uuid NOT NULL,
        moved_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE rulesets.ownership_moves`);
    await db.query(`DROP TABLE rulesets.submission_history`);
    await db.query(`DROP TABLE rulesets.ruleset_likes`);
    await db.query(`DROP TABLE rulesets.ruleset_doc_tabs`);
    await db.query(`DROP TABLE rulesets.ruleset_submissions`);
    await db.query(`DROP TABLE rulesets.rulesets`);
  }
}
