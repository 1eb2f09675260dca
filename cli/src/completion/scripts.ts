/**
 * Shell completion scripts for acctl, written from the commands oclif lists (its manifest): the
 * words of each command (topics are separated by spaces), its flags, and the values of flags that
 * take one of a list. What @oclif/plugin-autocomplete generates, without its runtime cache: the
 * CLI is bundled with no dependencies (scripts/build-packages.ts), so the lists are in the script,
 * and `acctl autocomplete` prints a new one after an upgrade.
 */

/** What the scripts need of a command: its id (`policy:apply`) and flags. */
export interface CompletedCommand {
  id: string;
  hidden?: boolean;
  flags: Record<string, { name: string; char?: string; type: string; options?: readonly string[]; hidden?: boolean }>;
  args?: Record<string, { options?: readonly string[] }>;
}

export const shells = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof shells)[number];

/** Words that go into a script as they are: command and flag names always are; a flag's option that is not is left out. */
const plainWord = /^[A-Za-z0-9._:/@+=-]+$/;

interface CompletionTable {
  /** Each known prefix of command words (`''`, `policy`, `policy:apply`) with the words that may follow it. */
  next: Map<string, string[]>;
  /** Each command's flags, as typed (`--json`, `-h`). */
  flags: Map<string, string[]>;
  /** `id --flag` with the values the flag takes. */
  values: Map<string, string[]>;
}

function table(commands: readonly CompletedCommand[]): CompletionTable {
  const next = new Map<string, Set<string>>([['', new Set()]]);
  const flags = new Map<string, string[]>();
  const values = new Map<string, string[]>();
  const visible = commands.filter((command) => !command.hidden && command.id.split(':').every((word) => plainWord.test(word)));
  for (const command of [...visible, { id: 'help', flags: {} }].sort((a, b) => a.id.localeCompare(b.id))) {
    const words = command.id.split(':');
    for (let index = 0; index < words.length; index++) {
      const prefix = words.slice(0, index).join(':');
      if (!next.has(prefix)) next.set(prefix, new Set());
      next.get(prefix)!.add(words[index]!);
    }
    if (!next.has(command.id)) next.set(command.id, new Set());
    // The values of the first argument, when it takes one of a list (acctl autocomplete bash).
    const firstArgument = Object.values((command as CompletedCommand).args ?? {})[0];
    for (const option of firstArgument?.options ?? []) if (plainWord.test(option)) next.get(command.id)!.add(option);
    const typed = ['--help'];
    for (const flag of Object.values(command.flags)) {
      if (flag.hidden) continue;
      typed.push(`--${flag.name}`);
      if (flag.char) typed.push(`-${flag.char}`);
      const options = (flag.options ?? []).filter((option) => plainWord.test(option));
      if (flag.type === 'option' && options.length > 0) values.set(`${command.id} --${flag.name}`, options);
    }
    flags.set(command.id, [...new Set(typed)].sort());
  }
  return { next: new Map([...next].map(([prefix, words]) => [prefix, [...words].sort()])), flags, values };
}

/** The script for `shell`, to be sourced (bash, zsh) or saved in fish's completions folder. */
export function completionScript(shell: Shell, bin: string, commands: readonly CompletedCommand[]): string {
  const t = table(commands);
  if (shell === 'fish') return fishScript(bin, t);
  const bash = bashScript(bin, t);
  // zsh runs bash completion functions through bashcompinit (part of zsh), as many CLIs' zsh scripts do.
  return shell === 'zsh' ? `#compdef ${bin}\nautoload -U +X bashcompinit && bashcompinit\n${bash}` : bash;
}

const functionName = (bin: string): string => `_${bin.replace(/[^A-Za-z0-9_]/g, '_')}`;

function bashScript(bin: string, t: CompletionTable): string {
  const fn = functionName(bin);
  const cases = (entries: Map<string, string[]>, indent = '    '): string =>
    [...entries].map(([key, words]) => `${indent}'${key}') echo '${words.join(' ')}' ;;`).join('\n');
  return `# ${bin} completion for bash: source <(${bin} autocomplete bash), or save it in a file your ~/.bashrc sources.
# Written by \`${bin} autocomplete bash\` from the commands of this version of ${bin}.

# The words that may follow a command's words so far (joined by ':'); fails for words that are no command.
${fn}_next() {
  case "$1" in
${cases(t.next)}
    *) return 1 ;;
  esac
}

${fn}_flags() {
  case "$1" in
${cases(t.flags)}
  esac
}

${fn}_values() {
  case "$1" in
${cases(t.values)}
  esac
}

${fn}() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="" id="" word candidate i
  (( COMP_CWORD > 0 )) && prev="\${COMP_WORDS[COMP_CWORD-1]}"
  # The command so far: the words before the cursor, up to the first flag or a word that is no command.
  for (( i = 1; i < COMP_CWORD; i++ )); do
    word="\${COMP_WORDS[i]}"
    [[ "$word" == -* ]] && break
    candidate="\${id:+$id:}$word"
    # acctl help policy <TAB>: the words of a command, as after acctl.
    [[ "$id" == help ]] && candidate="$word"
    ${fn}_next "$candidate" > /dev/null || break
    id="$candidate"
  done
  local values
  if [[ "$prev" == --* ]]; then
    values="$(${fn}_values "$id $prev")"
    if [[ -n "$values" ]]; then
      COMPREPLY=( $(compgen -W "$values" -- "$cur") )
      return 0
    fi
  fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=( $(compgen -W "$(${fn}_flags "$id")" -- "$cur") )
  elif [[ "$id" == help ]]; then
    COMPREPLY=( $(compgen -W "$(${fn}_next '')" -- "$cur") )
  else
    COMPREPLY=( $(compgen -W "$(${fn}_next "$id")" -- "$cur") )
  fi
  return 0
}

# -o default: file names where acctl has nothing to offer (a policy folder, a plan file).
complete -o default -F ${fn} ${bin}
`;
}

function fishScript(bin: string, t: CompletionTable): string {
  const fn = `_${functionName(bin)}`;
  const cases = (entries: Map<string, string[]>, indent = '        '): string =>
    [...entries].map(([key, words]) => `${indent}case '${key}'\n${indent}    printf '%s\\n' ${words.map((word) => `'${word}'`).join(' ')}`).join('\n');
  return `# ${bin} completion for fish: ${bin} autocomplete fish > ~/.config/fish/completions/${bin}.fish
# Written by \`${bin} autocomplete fish\` from the commands of this version of ${bin}.

function ${fn}_next
    switch "$argv[1]"
${cases(t.next)}
        case '*'
            return 1
    end
end

function ${fn}_flags
    switch "$argv[1]"
${cases(t.flags)}
    end
end

function ${fn}_values
    switch "$argv[1]"
${cases(t.values)}
    end
end

function ${fn}_candidates
    set -l tokens (commandline -opc)
    set -e tokens[1]
    set -l cur (commandline -ct)
    set -l id ''
    for word in $tokens
        if string match -q -- '-*' "$word"
            break
        end
        set -l candidate $word
        if test -n "$id"; and test "$id" != help
            set candidate "$id:$word"
        end
        if not ${fn}_next "$candidate" > /dev/null
            break
        end
        set id $candidate
    end
    if test (count $tokens) -gt 0; and string match -q -- '--*' "$tokens[-1]"
        set -l values (${fn}_values "$id $tokens[-1]")
        if test (count $values) -gt 0
            printf '%s\\n' $values
            return
        end
    end
    if string match -q -- '-*' "$cur"
        ${fn}_flags "$id"
    else if test "$id" = help
        ${fn}_next ''
    else
        ${fn}_next "$id"
    end
end

complete -c ${bin} -f -a '(${fn}_candidates)'
`;
}
