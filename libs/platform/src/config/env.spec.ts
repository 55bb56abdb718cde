import { IsInt, IsOptional } from 'class-validator';
import { EnvBoolean, loadEnv } from './env';

class Flags {
  @IsOptional()
  @EnvBoolean()
  FEATURE_ON: boolean = false;

  @IsOptional()
  @IsInt()
  COUNT: number = 3;
}

describe('loadEnv', () => {
  it.each([
    ['true', true],
    ['1', true],
    ['false', false],
    ['0', false],
  ])('reads the boolean %s as %s', (raw, expected) => {
    expect(loadEnv(Flags, { FEATURE_ON: raw }).FEATURE_ON).toBe(expected);
  });

  it('keeps the default of an unset or empty boolean', () => {
    expect(loadEnv(Flags, {}).FEATURE_ON).toBe(false);
    expect(loadEnv(Flags, { FEATURE_ON: '' }).FEATURE_ON).toBe(false);
  });

  it.each(['yes', 'no', 'off', 'False', 'TRUE', ' true', '2'])(
    'refuses the boolean %j at start, naming the variable',
    (raw) => {
      expect(() => loadEnv(Flags, { FEATURE_ON: raw })).toThrow(/FEATURE_ON must be true, false, 1 or 0/);
    },
  );

  it('names every wrong variable and treats an empty value as unset', () => {
    expect(() => loadEnv(Flags, { FEATURE_ON: 'maybe', COUNT: 'many' })).toThrow(/FEATURE_ON[\s\S]*COUNT/);
    expect(loadEnv(Flags, { COUNT: '' }).COUNT).toBe(3);
  });
});
