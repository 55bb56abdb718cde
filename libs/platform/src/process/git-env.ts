/**
 * The environment that keeps the machine's git configuration (system and user), its credential prompts
 * and its language out of a git process: `config` is all the configuration it reads besides the
 * repository's own (`git -c` without the command line: keys and values stay out of `ps`).
 */
export function isolatedGitEnv(
  config: ReadonlyArray<readonly [string, string]> = [],
): Record<string, string> {
  const env: Record<string, string> = {
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: 'false',
    SSH_ASKPASS: 'false',
    HOME: '/nonexistent',
    LANG: 'C',
    LC_ALL: 'C',
    GIT_CONFIG_COUNT: String(config.length),
  };
  config.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}
