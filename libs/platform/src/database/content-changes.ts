import { randomUUID } from 'node:crypto';
import {
  type DynamicModule,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import {
  ANONYMOUS,
  CHANGE_REACHES,
  type ChangeReach,
  CONTENT_CHANGE_ITEMS_MAX,
  type ContentChangedEvent,
  type RequestContext,
} from '@pc/contracts';
import type { Client, Notification } from 'pg';
import { BusClient } from '../messaging/bus-client';
import { createLogger } from '../logging/logger';
import { pg } from './drivers';

const log = createLogger('content-changes');

/** The PostgreSQL channel a schema's content triggers notify on (see `contentChangeTriggersSql`). */
export function contentChannel(schema: string): string {
  return `${schema}_content_changed`;
}

/**
 * SQL of a migration: a statement-level trigger on each table that notifies `contentChannel(schema)`
 * with the writing transaction's id when the transaction commits (PostgreSQL delivers one notification
 * per transaction and payload, whatever the number of statements or rows). Every write reaches it, from
 * any code path, an event consumer or a hand-written statement alike.
 */
export function contentChangeTriggersSql(schema: string, tables: string[]): string[] {
  const fn = `${schema}.notify_content_changed`;
  return [
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM pg_notify('${contentChannel(schema)}', txid_current()::text);
       RETURN NULL;
     END $$`,
    ...tables.map(
      (table) =>
        `CREATE TRIGGER ${table}_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${schema}.${table}
         FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
    ),
  ];
}

export function dropContentChangeTriggersSql(schema: string, tables: string[]): string[] {
  return [
    ...tables.map((table) => `DROP TRIGGER IF EXISTS ${table}_content_changed ON ${schema}.${table}`),
    `DROP FUNCTION IF EXISTS ${schema}.notify_content_changed()`,
  ];
}

/** In an item trigger's function: `n` and `ids`, the items (`TG_ARGV[0]`) its statement wrote. */
const ITEMS_OF_STATEMENT = `EXECUTE format(
         'SELECT count(*), string_agg(item, '','') FROM (SELECT DISTINCT %1$I::text AS item FROM %2$s LIMIT ${CONTENT_CHANGE_ITEMS_MAX + 1}) s',
         TG_ARGV[0],
         CASE TG_OP WHEN 'DELETE' THEN 'old_rows' WHEN 'INSERT' THEN 'new_rows'
           ELSE '(SELECT * FROM new_rows UNION ALL SELECT * FROM old_rows) r' END
       ) INTO n, ids;`;

/** The statement triggers of `table` that call `notify_items_changed` with `args`, by operation. */
function itemTriggers(schema: string, table: string, itemColumn: string, args: string) {
  const fn = `${schema}.notify_items_changed`;
  const id = `${table}_${itemColumn}`;
  return {
    inserted: `CREATE TRIGGER ${id}_inserted AFTER INSERT ON ${schema}.${table} REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION ${fn}(${args})`,
    updated: `CREATE TRIGGER ${id}_updated AFTER UPDATE ON ${schema}.${table}
     REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION ${fn}(${args})`,
    deleted: `CREATE TRIGGER ${id}_deleted AFTER DELETE ON ${schema}.${table} REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION ${fn}(${args})`,
  };
}

/**
 * SQL of a migration: row-collecting triggers on `table` that notify `contentChannel(schema)` with the
 * writing transaction's id and the items (the values of `itemColumn`, a policy's or a ruleset's id) its
 * statement wrote, `<txid>:<id>,<id>`, or `<txid>:*` past `CONTENT_CHANGE_ITEMS_MAX` of them; a
 * truncation notifies `<txid>` (any content). One notification per statement and distinct payload.
 * Replaces the table's statement trigger of `contentChangeTriggersSql` (drop that first).
 */
export function itemChangeTriggersSql(
  schema: string,
  table: string,
  itemColumn: string,
  ops: ReadonlyArray<'inserted' | 'updated' | 'deleted'> = ['inserted', 'updated', 'deleted'],
): string[] {
  const fn = `${schema}.notify_items_changed`;
  const triggers = itemTriggers(schema, table, itemColumn, `'${itemColumn}'`);
  return [
    `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE
       n integer;
       ids text;
     BEGIN
       ${ITEMS_OF_STATEMENT}
       IF n > 0 THEN
         PERFORM pg_notify('${contentChannel(schema)}',
           txid_current()::text || ':' || CASE WHEN n > ${CONTENT_CHANGE_ITEMS_MAX} THEN '*' ELSE ids END);
       END IF;
       RETURN NULL;
     END $$`,
    ...ops.map((op) => triggers[op]),
    `CREATE TRIGGER ${table}_content_truncated AFTER TRUNCATE ON ${schema}.${table}
     FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.notify_content_changed()`,
  ];
}

export function dropItemChangeTriggersSql(schema: string, table: string, itemColumn: string): string[] {
  const id = `${table}_${itemColumn}`;
  return ['inserted', 'updated', 'deleted']
    .map((op) => `DROP TRIGGER IF EXISTS ${id}_${op} ON ${schema}.${table}`)
    .concat(`DROP TRIGGER IF EXISTS ${table}_content_truncated ON ${schema}.${table}`);
}

/**
 * How far a content table's changes show (`ChangeReach`), for `reachTriggersSql`: a reach, or for a
 * listings table the columns whose change alone shows only in the items' rows (`rowsColumns`: counts and
 * values no list filters or orders by); an update of any other column, an insert or a delete: `lists`.
 */
export type TableReach = ChangeReach | { rowsColumns: readonly string[] };

/**
 * SQL of a migration: the item triggers of `itemChangeTriggersSql` told how far each table's changes
 * show, so that a gateway keeps the lists a change does not show in (a comment, a like's row, a count
 * of an item no list page holds). The payload gains the reach: `<txid>:<id>,<id>:<reach>` (`item` or
 * `rows`; none: `lists`, as before). Replaces the function and the tables' item triggers.
 */
export function reachTriggersSql(
  schema: string,
  tables: ReadonlyArray<{
    table: string;
    itemColumn: string;
    reach: TableReach;
    ops?: ReadonlyArray<'inserted' | 'updated' | 'deleted'>;
  }>,
): string[] {
  const fn = `${schema}.notify_items_changed`;
  return [
    `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE
       n integer;
       ids text;
       reach text := coalesce(TG_ARGV[1], 'lists');
       moved boolean;
     BEGIN
       ${ITEMS_OF_STATEMENT}
       IF n = 0 THEN
         RETURN NULL;
       END IF;
       IF reach LIKE 'columns:%' THEN
         moved := true;
         IF TG_OP = 'UPDATE' THEN
           EXECUTE format(
             'SELECT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.%1$I = o.%1$I
                WHERE (to_jsonb(o) - $1) IS DISTINCT FROM (to_jsonb(n) - $1))',
             TG_ARGV[0]
           ) INTO moved USING string_to_array(substr(reach, 9), ',');
         END IF;
         reach := CASE WHEN moved THEN 'lists' ELSE 'rows' END;
       END IF;
       PERFORM pg_notify('${contentChannel(schema)}',
         txid_current()::text || ':' || CASE WHEN n > ${CONTENT_CHANGE_ITEMS_MAX} THEN '*' ELSE ids END
           || CASE WHEN reach = 'lists' OR n > ${CONTENT_CHANGE_ITEMS_MAX} THEN '' ELSE ':' || reach END);
       RETURN NULL;
     END $$`,
    ...tables.flatMap(({ table, itemColumn, reach, ops = ['inserted', 'updated', 'deleted'] }) => {
      const arg = typeof reach === 'string' ? reach : `columns:${reach.rowsColumns.join(',')}`;
      const triggers = itemTriggers(schema, table, itemColumn, `'${itemColumn}', '${arg}'`);
      return [
        ...dropItemChangeTriggersSql(schema, table, itemColumn).filter((sql) => !sql.includes('_truncated')),
        ...ops.map((op) => triggers[op]),
      ];
    }),
  ];
}

/**
 * SQL of a migration's `down`: the tables' item triggers back as `itemChangeTriggersSql` made them
 * (without a reach: every change shows in every list), replacing `reachTriggersSql`'s.
 */
export function withoutReachTriggersSql(
  schema: string,
  tables: ReadonlyArray<{ table: string; itemColumn: string }>,
): string[] {
  return tables.flatMap(({ table, itemColumn }) => [
    ...dropItemChangeTriggersSql(schema, table, itemColumn).filter((sql) => !sql.includes('_truncated')),
    // The truncation's trigger stays as it was.
    ...itemChangeTriggersSql(schema, table, itemColumn).filter((sql) => !sql.includes('TRUNCATE')),
  ]);
}

/**
 * A notification's payload as the triggers write it: `<txid>`, `<txid>:*`, `<txid>:<id>,<id>` or
 * `<txid>:<id>,<id>:<reach>`.
 */
export function parseContentChange(payload: string): { id: string; items?: string[]; reach?: ChangeReach } {
  const [id, items, reach] = payload.split(':', 3);
  if (items === undefined || items === '*' || items === '') return { id };
  const change = { id, items: items.split(',').slice(0, CONTENT_CHANGE_ITEMS_MAX) };
  return (CHANGE_REACHES as readonly string[]).includes(reach) && reach !== 'lists'
    ? { ...change, reach: reach as ChangeReach }
    : change;
}

export interface ContentChangesOptions {
  url: string;
  schema: string;
  /** Emits the service's broadcast event, which every gateway replica hears. */
  announce: (bus: BusClient, ctx: RequestContext, data: ContentChangedEvent) => Promise<void>;
  /** Put before the transaction id in `version` (`c`, `r`): the services share one id space. */
  versionPrefix: string;
}

/**
 * Relays the schema's content notifications from PostgreSQL to the bus, as a broadcast event (each
 * replica of the service relays each change: receivers ignore a version they have seen). A lost
 * database connection is re-opened after a second, and announces a change of its own on return (what
 * was committed meanwhile was not heard); gateways also expire what they keep after a TTL.
 */
@Module({})
export class ContentChangesModule {
  static forService(options: ContentChangesOptions): DynamicModule {
    @Injectable()
    class ContentChangesRelay implements OnApplicationBootstrap, OnApplicationShutdown {
      private client: Client | undefined;
      private stopped = false;
      private retry: NodeJS.Timeout | undefined;

      constructor(private readonly bus: BusClient) {}

      async onApplicationBootstrap(): Promise<void> {
        await this.listen(false);
      }

      async onApplicationShutdown(): Promise<void> {
        this.stopped = true;
        clearTimeout(this.retry);
        await this.client?.end().catch(() => undefined);
      }

      private async listen(reconnected: boolean): Promise<void> {
        const client = new (pg().Client)({
          connectionString: options.url,
          application_name: `policy-catalog:${options.schema}:content-changes`,
        });
        client.on('notification', (message: Notification) =>
          this.announce(parseContentChange(message.payload ?? randomUUID())),
        );
        client.on('error', (error) => this.lost(client, error));
        client.on('end', () => this.lost(client));
        try {
          await client.connect();
          await client.query(`LISTEN ${contentChannel(options.schema)}`);
          this.client = client;
          if (reconnected) this.announce({ id: `x${randomUUID()}` });
        } catch (error) {
          this.lost(client, error);
        }
      }

      private lost(client: Client, error?: unknown): void {
        if (this.stopped || this.client !== client) {
          if (this.client === undefined && !this.stopped && !this.retry) this.schedule();
          return;
        }
        log.warn({ err: error, schema: options.schema }, 'content change listener lost; reconnecting');
        this.client = undefined;
        client.end().catch(() => undefined);
        this.schedule();
      }

      private schedule(): void {
        this.retry = setTimeout(() => {
          this.retry = undefined;
          if (!this.stopped) void this.listen(true);
        }, 1000);
      }

      private announce({ id, items, reach }: { id: string; items?: string[]; reach?: ChangeReach }): void {
        const version = `${options.versionPrefix}${id}`;
        options
          .announce(
            this.bus,
            { requestId: `content-${version}`, caller: ANONYMOUS },
            items ? { version, items, ...(reach ? { reach } : {}) } : { version },
          )
          .catch((error: unknown) => log.warn({ err: error, version }, 'content change not announced'));
      }
    }

    return { module: ContentChangesModule, providers: [ContentChangesRelay] };
  }
}
