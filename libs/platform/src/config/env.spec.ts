import { IsInt, IsOptional } from 'class-validator';
import { EnvBoolean, EnvInt, loadEnv } from './env';

class Flags {
  @IsOptional()
  @EnvBoolean()
  FEATURE_ON: boolean = false;

  @IsOptional()
  @IsInt()
  COUNT: number = 3;
}

class Bounded {
  @EnvInt(1, 10)
  SIZE: number = 5;
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

  it('reads a bounded whole number, keeps its default when unset, and refuses one out of bounds or not whole', () => {
    expect(loadEnv(Bounded, { SIZE: '10' }).SIZE).toBe(10);
    expect(loadEnv(Bounded, {}).SIZE).toBe(5);
    expect(() => loadEnv(Bounded, { SIZE: '0' })).toThrow(/SIZE must not be less than 1/);
    expect(() => loadEnv(Bounded, { SIZE: '11' })).toThrow(/SIZE must not be greater than 10/);
    expect(() => loadEnv(Bounded, { SIZE: '2.5' })).toThrow(/SIZE must be an integer number/);
  });
});
