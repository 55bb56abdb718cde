import { CliError, EXIT } from '../output';

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`not a positive whole number: ${value}`, EXIT.usage);
  return n;
}
