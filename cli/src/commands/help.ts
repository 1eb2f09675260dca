import { Args, loadHelpClass } from '@oclif/core';
import { AcctlCommand, UsageError } from '../../../kit/src/index.js';
import { runServerPackage } from '../server-package.js';

/**
 * `acctl help [COMMAND]`: the same text as `acctl COMMAND --help`, as `git help`, `gh help` and
 * @oclif/plugin-help's `help` command give it (that plugin is not bundled: the CLI ships with no
 * runtime dependencies). `acctl help server …` is the server package's help, as `acctl server … --help` is.
 */
export default class Help extends AcctlCommand {
  // Text for people; the surface snapshot (test/cli/surface.json) is the machine-readable list of commands.
  static override enableJsonFlag = false;
  static override summary = 'Show the help of acctl, of a topic or of a command (as --help does)';
  static override description = 'acctl help policy apply prints what acctl policy apply --help prints; acctl help alone lists the topics and commands.';
  static override examples = [
    '<%= config.bin %> <%= command.id %>',
    '<%= config.bin %> <%= command.id %> policy',
    '<%= config.bin %> <%= command.id %> policy apply',
    '<%= config.bin %> <%= command.id %> server user create',
  ];
  static override strict = false;
  static override args = {
    command: Args.string({ description: 'The command or topic, in words (policy apply) or with colons (policy:apply).', required: false }),
  };

  public async run(): Promise<void> {
    const { argv } = await this.parse(Help);
    const words = (argv as string[]).flatMap((word) => word.split(':')).filter((word) => word !== '');
    const unknown = words.find((word) => word.startsWith('-'));
    if (unknown !== undefined) throw new UsageError(`acctl help takes the words of a command, not ${unknown}`, ['acctl help policy apply']);
    if (words[0] === 'server') {
      await runServerPackage([...words.slice(1), '--help']);
      return;
    }
    if (words.length > 0 && !this.#known(words)) {
      throw new UsageError(`${words.join(' ')} is not an acctl command or topic`, ['acctl help lists them']);
    }
    const HelpClass = await loadHelpClass(this.config);
    await new HelpClass(this.config, this.config.pjson.oclif.helpOptions ?? this.config.pjson.helpOptions).showHelp(
      words.length === 0 ? [] : [words.join(':')],
    );
  }

  #known(words: string[]): boolean {
    const id = words.join(':');
    return this.config.findCommand(id) !== undefined || this.config.findTopic(id) !== undefined;
  }
}
