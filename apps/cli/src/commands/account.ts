import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { PolicyCatalog } from '@policy-catalog/sdk';
import type { Command } from 'commander';
import type { CliEnv } from '../cli.env';
import { Context } from '../context';
import { CliError, EXIT } from '../output';
import { VERSION } from '../version';

export function accountCommands(program: Command, env: CliEnv): void {
  program
    .command('login')
    .description(
      'Check a personal access token and store it (with the URL) in your config directory, readable only by you (0600). In CI set POLICY_CATALOG_TOKEN instead.',
    )
    .option('--token-stdin', 'read the token from standard input (what a pipe or a secret store gives)')
    .action(async (options: { tokenStdin?: boolean }, command: Command) => {
      const ctx = new Context(command, env);
      const piped = options.tokenStdin || !process.stdin.isTTY;
      const token = piped ? await readStdin() : await askHidden('Token: ');
      if (!token)
        throw new CliError(
          piped
            ? 'no token on standard input: pipe one (`policy-catalog login --token-stdin < token-file`), or run login in a terminal to paste it; the dashboard (Tokens) makes one'
            : 'no token given: paste the one the dashboard (Tokens) made',
          EXIT.usage,
        );
      const client = new PolicyCatalog({
        baseUrl: ctx.url,
        token,
        userAgent: `policy-catalog-cli/${VERSION}`,
      });
      const { user } = await ctx.out.task(`Checking the token with ${ctx.url}`, () => client.api.me.get());
      ctx.store.write({ url: ctx.url, token });
      if (ctx.out.json)
        ctx.out.data({ url: ctx.url, user: { id: user.id, email: user.email, username: user.username } });
      else
        ctx.out.line(
          `Signed in to ${ctx.url} as ${user.username ?? user.email} (token stored in ${ctx.store.file})`,
        );
    });

  program
    .command('logout')
    .description('Forget the stored token (POLICY_CATALOG_TOKEN, when set, still applies)')
    .action((_: unknown, command: Command) => {
      const ctx = new Context(command, env);
      ctx.store.clear();
      if (ctx.out.json) ctx.out.data({ loggedOut: true });
      else ctx.out.line('The stored token is forgotten.');
    });

  program
    .command('whoami')
    .description('Who the token belongs to, and where it comes from')
    .action(async (_: unknown, command: Command) => {
      const ctx = new Context(command, env);
      const { tokenSource } = ctx.store.resolve({ url: ctx.options.url });
      const { user } = await ctx.client().api.me.get();
      if (ctx.out.json) ctx.out.data({ url: ctx.url, tokenSource, user });
      else
        ctx.out.line(
          `${user.username ?? user.email} <${user.email}> on ${ctx.url} (token from ${tokenSource})`,
        );
    });
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').trim();
}

/** Asks on the terminal without echoing what is typed. */
async function askHidden(prompt: string): Promise<string> {
  process.stderr.write(prompt);
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rl = createInterface({ input: process.stdin, output: muted, terminal: true });
  try {
    return (await rl.question('')).trim();
  } finally {
    rl.close();
    process.stderr.write('\n');
  }
}
