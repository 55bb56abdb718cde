import { PolicyCatalogError } from '@policy-catalog/sdk';
import { Command, CommanderError } from 'commander';
import { type CliEnv, readCliEnv } from './cli.env';
import { accountCommands } from './commands/account';
import { catalogCommands } from './commands/catalog';
import { completionCommand } from './commands/completion';
import { connectionCommands } from './commands/connections';
import { deploymentCommands } from './commands/deployments';
import { evaluateCommand } from './commands/evaluate';
import { listingCommands } from './commands/listings';
import { rolloutCommands } from './commands/rollouts';
import { submissionCommands } from './commands/submissions';
import { tokenCommands } from './commands/tokens';
import { describeApiError } from './context';
import { CliError, EXIT, Output } from './output';
import { VERSION } from './version';

/**
 * The command tree (commander): every command has `--help`. `argv` (the command line to be parsed)
 * decides whether the program's own `--version` exists: commander takes a program option wherever it
 * appears, so with a command named, `deploy ... --version 1.2.0` printed the CLI's version and exited 0
 * instead of deploying 1.2.0. With a command named, `--version` is that command's option.
 */
export function buildProgram(env: CliEnv, argv?: string[]): Command {
  const named = (argv ?? []).slice(2).some((a, i, all) => !a.startsWith('-') && all[i - 1] !== '--url');
  const program = new Command('policy-catalog').description(
    'The Policy Catalog from a terminal or a CI pipeline (alias: pcat)',
  );
  if (!named) program.version(VERSION);
  program
    .option('--url <url>', 'the API’s origin (default: POLICY_CATALOG_URL, else the one you logged in to)')
    .option('--json', 'machine-readable output: one JSON document, or JSON lines for streams')
    .option('--no-color', 'no colours (also: NO_COLOR set, or output that is not a terminal)')
    .exitOverride();
  accountCommands(program, env);
  tokenCommands(program, env);
  listingCommands(program, env);
  catalogCommands(program, env);
  submissionCommands(program, env);
  connectionCommands(program, env);
  deploymentCommands(program, env);
  rolloutCommands(program, env);
  evaluateCommand(program, env);
  completionCommand(program);
  // Commander exits on its own errors; every command reports through `run` instead. A usage error
  // names the help to read in a line: the whole help after it pushed the error off a terminal.
  const all = (c: Command, name: string): Array<[Command, string]> => [
    [c, name],
    ...c.commands.flatMap((sub) => all(sub, `${name} ${sub.name()}`)),
  ];
  for (const [c, name] of all(program, program.name()))
    c.exitOverride().showHelpAfterError(`(see \`${name} --help\`)`);
  return program;
}

/** Runs the command line and returns the exit code (0 ok, 1 failed outcome, 2 usage, 3 API). */
export async function run(argv: string[], env: CliEnv = readCliEnv()): Promise<number> {
  const program = buildProgram(env, argv);
  try {
    await program.parseAsync(argv);
    return EXIT.ok;
  } catch (error) {
    const out = new Output(argv.includes('--json'), !argv.includes('--no-color'), env);
    if (error instanceof CommanderError) {
      // --help and --version end this way too, with code 0.
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof CliError) {
      out.error(error.message);
      return error.exitCode;
    }
    if (error instanceof PolicyCatalogError) {
      out.error(describeApiError(error));
      return EXIT.api;
    }
    out.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
    return EXIT.api;
  }
}
