import type { AuditEntry } from '@pc/contracts';

/** The export's columns, in order: the header row's names and how each entry fills them. */
const COLUMNS: Array<[string, (entry: AuditEntry) => string | null]> = [
  ['at', (e) => e.at],
  ['actor_name', (e) => e.actor_name],
  ['actor_user_id', (e) => e.actor_user_id],
  ['actor_via', (e) => e.actor_via],
  ['action', (e) => e.action],
  ['target_type', (e) => e.target_type],
  ['target_name', (e) => e.target_name],
  ['target_id', (e) => e.target_id],
  ['workspace_id', (e) => e.workspace_id],
  ['address', (e) => e.address],
  ['user_agent', (e) => e.user_agent],
  ['request_id', (e) => e.request_id],
  ['summary', (e) => JSON.stringify(e.summary)],
];

/**
 * Audit entries as CSV (RFC 4180: CRLF rows, every cell quoted, quotes doubled). A cell a spreadsheet
 * would read as a formula (starting with =, +, -, @, a tab or a carriage return) gets a leading `'`:
 * names and user agents are typed by users.
 */
export function auditCsv(entries: AuditEntry[]): string {
  const rows = [
    COLUMNS.map(([name]) => name),
    ...entries.map((e) => COLUMNS.map(([, cell]) => cell(e) ?? '')),
  ];
  return rows.map((row) => row.map(quote).join(',')).join('\r\n') + '\r\n';
}

function quote(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}
