import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * For the rolling release that brings transfer ends (1797300000000), and dropped one release later: a
 * `rulesets` replica of the release before it records a move with `INSERT … ON CONFLICT DO NOTHING`
 * without an `outcome`, and takes "nothing inserted" as "moved already". Against an end recorded first it
 * would answer ok without moving the ruleset, and the catalog would record the transfer accepted.
 *
 * `outcome` loses its default, so only such an old insert comes without one (this release names it on
 * every insert, moves and ends), and a trigger checks it before the insert: an end recorded for the
 * transfer fails it, so the old replica's move rolls back and answers 503 (a serialization failure: the
 * catalog's accept rolls back too and is tried again, on a replica that refuses it as ended); otherwise
 * it is recorded `moved`. An advisory lock per transfer, taken by old moves and by ends (never by this
 * release's moves, which hold the ruleset's row as old moves do), keeps an end being recorded from
 * slipping in between the check and the insert, where the old insert would wait for it and do nothing.
 */
export class RulesetsOldMoveGuard1797700000000 implements MigrationInterface {
  name = 'RulesetsOldMoveGuard1797700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE rulesets.ownership_moves ALTER COLUMN outcome DROP DEFAULT`);
    await db.query(`
      CREATE FUNCTION rulesets.ownership_moves_old_move_guard() RETURNS trigger
      LANGUAGE plpgsql AS $$
      DECLARE
        earlier text;
      BEGIN
        IF NEW.outcome IS DISTINCT FROM 'moved' THEN
          PERFORM pg_advisory_xact_lock(hashtextextended('rulesets.transfer:' || NEW.transfer_id::text, 0));
        END IF;
        IF NEW.outcome IS NULL THEN
          SELECT outcome INTO earlier FROM rulesets.ownership_moves WHERE transfer_id = NEW.transfer_id;
          IF earlier <> 'moved' THEN
            RAISE EXCEPTION 'transfer % was % before the ruleset moved', NEW.transfer_id, earlier
              USING ERRCODE = 'serialization_failure';
          END IF;
          NEW.outcome := 'moved';
        END IF;
        RETURN NEW;
      END $$`);
    await db.query(`
      CREATE TRIGGER ownership_moves_old_move_guard BEFORE INSERT ON rulesets.ownership_moves
        FOR EACH ROW EXECUTE FUNCTION rulesets.ownership_moves_old_move_guard()`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER ownership_moves_old_move_guard ON rulesets.ownership_moves`);
    await db.query(`DROP FUNCTION rulesets.ownership_moves_old_move_guard()`);
    await db.query(`ALTER TABLE rulesets.ownership_moves ALTER COLUMN outcome SET DEFAULT 'moved'`);
  }
}
