import { CliError, EXIT } from '../output';
import { type Organization, resolveTargets } from './connections';

const ORGS: Organization[] = [
  { id: 'root-1', name: 'Acme', isPrimary: true, fullPath: 'Acme' },
  { id: 'pay-1', name: 'Payments', isPrimary: false, fullPath: 'Acme / Payments' },
  { id: 'eu-pay', name: 'Payments', isPrimary: false, fullPath: 'Acme / EU / Payments' },
  { id: 'arch-1', name: 'Archive', isPrimary: false, fullPath: 'Acme / Archive' },
];

function refusal(targets: string[]): CliError {
  try {
    resolveTargets({ orgs: ORGS, truncated: false }, targets, 'Acme prod');
  } catch (error) {
    if (error instanceof CliError) return error;
    throw error;
  }
  throw new Error('the targets were resolved');
}

describe('deploy targets by id or name', () => {
  it('takes ids and names (exact, else ignoring case) as organization ids, in order, once each', () => {
    expect(
      resolveTargets({ orgs: ORGS, truncated: false }, ['archive', 'root-1', 'Acme', 'pay-1'], 'Acme prod'),
    ).toEqual({ targets: ['arch-1', 'root-1', 'pay-1'], unlisted: [] });
  });

  it('passes a target the list does not hold on as an id when the API cut the list (it may be past the cut); a name two share is still refused', () => {
    const cut = { orgs: ORGS, truncated: true };
    expect(resolveTargets(cut, ['Acme', 'team-1200', 'team-1200'], 'Acme prod')).toEqual({
      targets: ['root-1', 'team-1200'],
      unlisted: ['team-1200'],
    });
    expect(() => resolveTargets(cut, ['Payments'], 'Acme prod')).toThrow('"Payments" names 2 organizations');
  });

  it('refuses a name two organizations share with exit 2, naming the ids and paths to choose from', () => {
    const error = refusal(['Payments']);
    expect(error.exitCode).toBe(EXIT.usage);
    expect(error.message).toContain(
      '"Payments" names 2 organizations: give one id (pay-1: Acme / Payments, eu-pay: Acme / EU / Payments)',
    );
  });

  it('refuses every unknown target at once with exit 2, naming the connection and the command that lists them', () => {
    const error = refusal(['Acme', 'Billing', 'pay-9']);
    expect(error.exitCode).toBe(EXIT.usage);
    expect(error.message).toContain('no organization "Billing" in the connection "Acme prod"');
    expect(error.message).toContain('no organization "pay-9"');
    expect(error.message).toContain('policy-catalog organizations list');
  });
});
