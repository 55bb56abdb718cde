import { PolicyCatalog, PolicyCatalogError } from '@policy-catalog/sdk';
import type { Command } from 'commander';
import { type CliEnv } from './cli.env';
import { ConfigStore } from './config';
import { CliError, EXIT, Output } from './output';
import { VERSION } from './version';

/** The global options every command takes. */
export interface GlobalOptions {
  url?: string;
  json?: boolean;
  color: boolean;
}

/** What a command needs: where to write, the token store, and a client of the API. */
export class Context {
  readonly out: Output;
  readonly store: ConfigStore;
  readonly options: GlobalOptions;

  constructor(
    command: Command,
    readonly env: CliEnv,
  ) {
    this.options = command.optsWithGlobals<GlobalOptions>();
    this.out = new Output(Boolean(this.options.json), this.options.color, env);
    this.store = new ConfigStore(env);
  }

  /** Where the API is (flag, POLICY_CATALOG_URL, stored, default). */
  get url(): string {
    return this.store.resolve({ url: this.options.url }).url;
  }

  /** A client; with `signedIn` it refuses to go on without a token. */
  client(signedIn = true): PolicyCatalog {
    const { url, token } = this.store.resolve({ url: this.options.url });
    if (signedIn && !token)
      throw new CliError(
        `not signed in to ${url}: run \`policy-catalog login\`, or set POLICY_CATALOG_TOKEN (CI)`,
        EXIT.api,
      );
    return new PolicyCatalog({ baseUrl: url, token, userAgent: `policy-catalog-cli/${VERSION}` });
  }
}

/** An API error as the command prints it: the API's message, its code and status, the field errors. */
export function describeApiError(error: PolicyCatalogError): string {
  const parts = [error.message];
  const tags = [error.code, error.status ? `HTTP ${error.status}` : undefined].filter(Boolean);
  if (tags.length > 0) parts[0] += ` (${tags.join(', ')})`;
  for (const field of error.fields) parts.push(`  ${field.field}: ${field.message}`);
  if (error.requestId) parts.push(`  request id: ${error.requestId}`);
  return parts.join('\n');
}
