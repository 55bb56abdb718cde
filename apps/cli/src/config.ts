import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CliEnv } from './cli.env';

/** What `login` stores: the API's origin and a personal access token. */
export interface StoredConfig {
  url?: string;
  token?: string;
}

export const DEFAULT_URL = 'http://localhost:3000';

/**
 * The token store: `<config dir>/config.json`, the folder 0700 and the file 0600 (written aside and
 * renamed, so a reader never sees half a file). The environment (POLICY_CATALOG_TOKEN/URL) wins over
 * what is stored, so CI needs no login.
 */
export class ConfigStore {
  readonly file: string;

  constructor(private readonly env: CliEnv) {
    this.file = path.join(env.configDir, 'config.json');
  }

  read(): StoredConfig {
    try {
      return JSON.parse(readFileSync(this.file, 'utf8')) as StoredConfig;
    } catch {
      return {};
    }
  }

  write(config: StoredConfig): void {
    mkdirSync(this.env.configDir, { recursive: true, mode: 0o700 });
    chmodSync(this.env.configDir, 0o700);
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
    chmodSync(temporary, 0o600);
    renameSync(temporary, this.file);
  }

  clear(): void {
    rmSync(this.file, { force: true });
  }

  /** Where to call and with what: flag, then environment, then the stored values. */
  resolve(flags: { url?: string }): { url: string; token?: string; tokenSource?: 'environment' | 'config' } {
    const stored = this.read();
    const url = flags.url ?? this.env.url ?? stored.url ?? DEFAULT_URL;
    if (this.env.token) return { url, token: this.env.token, tokenSource: 'environment' };
    if (stored.token && (!stored.url || sameOrigin(stored.url, url)))
      return { url, token: stored.token, tokenSource: 'config' };
    return { url };
  }
}

/** A stored token is only sent to the origin it was stored for. */
function sameOrigin(a: string, b: string): boolean {
  try {
    return new URL(a).origin === new URL(b).origin;
  } catch {
    return false;
  }
}
