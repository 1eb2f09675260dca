import os from 'node:os';
import { AcctlCommand, keyValueLines } from '../../../kit/src/index.js';

/** What `acctl version --json` prints: the members @oclif/plugin-version's `version --json` has, less its plugin list (acctl loads none). */
export interface VersionInfo {
  /** `acctl/0.1.0`, as the first word of `acctl --version`. */
  cliVersion: string;
  /** `linux-x64`. */
  architecture: string;
  /** `node-v20.19.0`. */
  nodeVersion: string;
  /** `Linux 6.1.0-18-amd64`. */
  osVersion: string;
  /** The user's shell as oclif sees it (`bash`, `zsh`, `fish`, `cmd.exe`), or unknown. */
  shell: string;
  /** Where the CLI's package is installed. */
  rootPath: string;
}

/**
 * `acctl version`: `acctl --version` as a command, with --json for bug reports and scripts. Follows
 * @oclif/plugin-version (the names of its members, and --verbose's lines), which is not bundled:
 * the CLI ships with no runtime dependencies (scripts/build-packages.ts).
 */
export default class Version extends AcctlCommand {
  static override summary = 'Print the version of acctl, of Node.js and of the system';
  static override description =
    "The first line is what acctl --version prints. --json prints { cliVersion, architecture, nodeVersion, osVersion, shell, rootPath } (the members of oclif's version command).";
  static override examples = ['<%= config.bin %> <%= command.id %>', '<%= config.bin %> <%= command.id %> --json | jq -r .cliVersion'];

  public async run(): Promise<VersionInfo> {
    await this.parse(Version);
    const info: VersionInfo = {
      cliVersion: `${this.config.name}/${this.config.version}`,
      architecture: `${this.config.platform}-${this.config.arch}`,
      nodeVersion: `node-${process.version}`,
      osVersion: `${os.type()} ${os.release()}`,
      shell: this.config.shell || 'unknown',
      rootPath: this.config.root,
    };
    this.log(this.config.userAgent);
    this.log(
      keyValueLines([
        ['node', info.nodeVersion],
        ['system', `${info.osVersion} (${info.architecture})`],
        ['shell', info.shell],
        ['installed in', info.rootPath],
      ]).join('\n'),
    );
    return info;
  }
}
