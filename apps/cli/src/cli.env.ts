// The one place the command reads its environment: where the API is, the token in CI, where the
// configuration lives and how output should look.
import os from 'node:os';
import path from 'node:path';

export interface CliEnv {
  /** POLICY_CATALOG_URL: the gateway's origin (else the stored one, else http://localhost:3000). */
  url?: string;
  /** POLICY_CATALOG_TOKEN: a personal access token; takes precedence over the stored one (CI). */
  token?: string;
  /** The folder of config.json (0700; the file 0600). */
  configDir: string;
  /** NO_COLOR set (any value): no colours. FORCE_COLOR set (not 0): colours even when not a TTY. */
  noColor: boolean;
  forceColor: boolean;
  /** TERM=dumb: no colours, no spinners. */
  dumbTerminal: boolean;
}

export function readCliEnv(env: NodeJS.ProcessEnv = process.env): CliEnv {
  const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);
  return {
    url: nonEmpty(env.POLICY_CATALOG_URL),
    token: nonEmpty(env.POLICY_CATALOG_TOKEN),
    configDir: nonEmpty(env.POLICY_CATALOG_CONFIG_DIR) ?? defaultConfigDir(env),
    noColor: env.NO_COLOR !== undefined && env.NO_COLOR !== '',
    forceColor: env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0',
    dumbTerminal: env.TERM === 'dumb',
  };
}

/** The user's configuration directory: %APPDATA% on Windows, else $XDG_CONFIG_HOME or ~/.config. */
function defaultConfigDir(env: NodeJS.ProcessEnv): string {
  if (process.platform === 'win32' && env.APPDATA) return path.join(env.APPDATA, 'policy-catalog');
  const base = env.XDG_CONFIG_HOME && path.isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : undefined;
  return path.join(base ?? path.join(os.homedir(), '.config'), 'policy-catalog');
}
