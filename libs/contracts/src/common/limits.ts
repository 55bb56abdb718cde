/** A length (or count) range, inclusive: the shape every `<service>.limits.ts` uses. */
export interface LengthRange {
  readonly min: number;
  readonly max: number;
}
