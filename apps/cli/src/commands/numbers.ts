import { CliError, EXIT } from '../output';

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`not a positive whole number: ${value}`, EXIT.usage);
  return n;
}

/** A whole number of 0 or more, written in digits (`--bake 0`). */
export function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value.trim())) throw new CliError(`not a whole number: ${value}`, EXIT.usage);
  return Number(value);
}

/** `--step-sizes 1,3,rest`: sizes of 1 or more, or `rest`; what they must add up to is the API's to check. */
export function stepSizes(value: string): Array<number | 'rest'> {
  return value.split(',').map((size) => {
    const given = size.trim();
    if (given === 'rest') return 'rest';
    if (!/^\d+$/.test(given) || Number(given) < 1)
      throw new CliError(
        `not a step size: ${given} (whole numbers of 1 or more, or rest: 1,3,rest)`,
        EXIT.usage,
      );
    return Number(given);
  });
}
