import type { Command } from 'commander';
import { CliError, EXIT } from '../output';

/** `completion bash|zsh|fish`: a completion script written from the command tree itself. */
export function completionCommand(program: Command): void {
  program
    .command('completion <shell>')
    .description(
      'Print a shell completion script (bash, zsh or fish): `source <(policy-catalog completion bash)` in ~/.bashrc',
    )
    .action((shell: string) => {
      const tree = commandTree(program);
      switch (shell) {
        case 'bash':
          return void process.stdout.write(bashScript(tree));
        case 'zsh':
          return void process.stdout.write(
            `autoload -U +X bashcompinit && bashcompinit\n${bashScript(tree)}`,
          );
        case 'fish':
          return void process.stdout.write(fishScript(tree));
        default:
          throw new CliError(`no completion for ${shell}: bash, zsh or fish`, EXIT.usage);
      }
    });
}

/** Each command path (`policies search`) with its words: subcommands and options. */
function commandTree(program: Command): Map<string, string[]> {
  const tree = new Map<string, string[]>();
  const walk = (command: Command, at: string) => {
    const options = [...command.options, ...(at === '' ? [] : program.options)].flatMap((o) =>
      [o.long, o.short].filter((f): f is string => Boolean(f)),
    );
    tree.set(at, [...command.commands.map((c) => c.name()), ...options, '--help']);
    for (const sub of command.commands) walk(sub, at ? `${at} ${sub.name()}` : sub.name());
  };
  walk(program, '');
  return tree;
}

function bashScript(tree: Map<string, string[]>): string {
  const cases = [...tree.entries()]
    .map(([at, words]) => `    "${at}") words="${words.join(' ')}" ;;`)
    .join('\n');
  return `# policy-catalog completion (bash; zsh through bashcompinit)
_policy_catalog() {
  local cur path="" word words i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  for ((i = 1; i < COMP_CWORD; i++)); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && continue
    case "\${path:+$path }$word" in
${[...tree.keys()]
  .filter(Boolean)
  .map((at) => `      "${at}") path="${at}" ;;`)
  .join('\n')}
    esac
  done
  case "$path" in
${cases}
  esac
  COMPREPLY=($(compgen -W "$words" -- "$cur"))
}
complete -o default -F _policy_catalog policy-catalog pcat
`;
}

function fishScript(tree: Map<string, string[]>): string {
  const lines = ['# policy-catalog completion (fish)'];
  for (const name of ['policy-catalog', 'pcat']) {
    lines.push(`complete -c ${name} -f`);
    for (const [at, words] of tree) {
      const parts = at.split(' ').filter(Boolean);
      const condition =
        parts.length === 0
          ? '__fish_use_subcommand'
          : `__fish_seen_subcommand_from ${parts[parts.length - 1]}`;
      for (const word of words.filter((w) => !w.startsWith('-')))
        lines.push(`complete -c ${name} -n '${condition}' -a ${word}`);
    }
  }
  return `${lines.join('\n')}\n`;
}
