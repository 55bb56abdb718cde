import type { BuildOptions } from '../pipeline/build';

/** Build options for a test: 10 s, the usual PATH, never cancelled, output and progress ignored; then `over`. */
export const buildOptions = (over: Partial<BuildOptions> = {}): BuildOptions => ({
  timeoutMs: 10_000,
  path: '/usr/local/bin:/usr/bin:/bin',
  cancelled: () => Promise.resolve(false),
  output: () => Promise.resolve(),
  progress: () => undefined,
  ...over,
});
