import { Args } from '@oclif/core';
import { AcctlCommand } from '../../../kit/src/index.js';
import { completionScript, shells, type CompletedCommand, type Shell } from '../completion/scripts.js';
import { serverCommandsForCompletion } from '../completion/server-commands.js';

/**
 * `acctl autocomplete [bash|zsh|fish]`: prints the completion script, as `gh completion -s SHELL`
 * and `kubectl completion SHELL` do; the command words, flags and flag values come from the
 * commands this version lists (@oclif/plugin-autocomplete's lists, without its runtime plugin).
 */
export default class Autocomplete extends AcctlCommand {
  static override summary = 'Print a shell completion script for acctl (bash, zsh or fish)';
  static override description = [
    'Completes command words, flags, and the values of flags that take one of a list (--format, --decision, …). The script lists the commands of this version: print it again after an upgrade.',
    'Without a shell, the shell of $SHELL. `acctl server …` commands are completed when the server package (@acctl/server) is installed where acctl server finds it; without it, completion stops at `server`.',
  ].join('\n');
  static override examples = [
    { description: 'bash, for this session', command: 'source <(<%= config.bin %> <%= command.id %> bash)' },
    { description: 'bash, for every session', command: "echo 'source <(<%= config.bin %> <%= command.id %> bash)' >> ~/.bashrc" },
    { description: 'zsh', command: "echo 'source <(<%= config.bin %> <%= command.id %> zsh)' >> ~/.zshrc" },
    { description: 'fish', command: '<%= config.bin %> <%= command.id %> fish > ~/.config/fish/completions/<%= config.bin %>.fish' },
  ];
  static override args = { shell: Args.string({ description: 'The shell (default: the one of $SHELL).', options: [...shells] }) };

  public async run(): Promise<{ shell: Shell; script: string }> {
    const { args } = await this.parse(Autocomplete);
    const shell = (args.shell ?? shellOf(process.env.SHELL)) as Shell;
    const commands = [...(this.config.commands as unknown as CompletedCommand[]), ...(await serverCommandsForCompletion())];
    const script = completionScript(shell, this.config.bin, commands);
    if (!this.jsonEnabled()) process.stdout.write(script);
    return { shell, script };
  }
}

function shellOf(path: string | undefined): Shell {
  const name = path?.split('/').pop();
  return (shells as readonly string[]).includes(name ?? '') ? (name as Shell) : 'bash';
}
