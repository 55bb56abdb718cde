import type { AuditEntry } from '@pc/contracts';
import { auditCsv } from './audit-csv';

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  id: '6f1c0b1e-0000-4000-8000-000000000001',
  at: '2026-12-04T21:00:00.000Z',
  actor_user_id: '6f1c0b1e-0000-4000-8000-000000000002',
  actor_name: 'Ada',
  actor_via: 'session',
  actor_token_id: null,
  address: '127.0.0.1',
  user_agent: 'Mozilla/5.0',
  request_id: 'req-1',
  action: 'workspace.renamed',
  target_type: 'workspace',
  target_id: 'w-1',
  target_name: 'Payments team',
  workspace_id: null,
  summary: { name: 'Payments team' },
  ...fields,
});

describe('the audit export as CSV', () => {
  it('writes a header and one quoted row per entry, quotes doubled, empty cells for nulls', () => {
    const csv = auditCsv([entry({ target_name: 'The "core" team', workspace_id: null })]);
    const [header, row, end] = csv.split('\r\n');
    expect(header).toBe(
      '"at","actor_name","actor_user_id","actor_via","action","target_type","target_name","target_id",' +
        '"workspace_id","address","user_agent","request_id","summary"',
    );
    expect(row).toContain('"The ""core"" team"');
    expect(row).toContain(',"",'); // workspace_id
    expect(row).toContain('"{""name"":""Payments team""}"');
    expect(end).toBe('');
  });

  it('keeps a spreadsheet from reading a user-typed cell as a formula', () => {
    const csv = auditCsv([
      entry({ actor_name: '=HYPERLINK("http://x")', user_agent: '+1', target_name: '@SUM(A1)' }),
    ]);
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv).toContain(`"'+1"`);
    expect(csv).toContain(`"'@SUM(A1)"`);
  });

  it('takes a cell starting with a tab or a carriage return for a formula too, as spreadsheets do', () => {
    const csv = auditCsv([
      entry({ actor_name: '\t=1+2', user_agent: '\r=HYPERLINK("http://x")', target_name: '\t@SUM(A1)' }),
    ]);
    expect(csv).toContain(`"'\t=1+2"`);
    expect(csv).toContain(`"'\r=HYPERLINK(""http://x"")"`);
    expect(csv).toContain(`"'\t@SUM(A1)"`);
    // Elsewhere a tab or a carriage return is only text.
    expect(auditCsv([entry({ target_name: 'Team\t=1' })])).toContain('"Team\t=1"');
  });

  it('is a header alone for no entries', () => {
    expect(auditCsv([]).split('\r\n')).toHaveLength(2);
  });
});
