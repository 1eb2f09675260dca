import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Args, Flags } from '@oclif/core';
import { AcctlCommand, CommandError, UsageError } from '../../../kit/src/index.js';
import type { CliInitOutput } from '../../../core/src/index.js';

/** What --json prints, without format_version: the type is generated from schemas/cli/ (npm run gen:types), the schema being the one source. */
export type InitResult = Omit<CliInitOutput, 'format_version'>;

export default class InitCommand extends AcctlCommand {
  static override summary = 'Start a policy repository: acctl.yaml, an example policy with its tests, a GitHub workflow, editor settings and schemas';
  static override description = [
    'Writes into FOLDER (default: the current folder, created if needed): acctl.yaml (the server and the owner label), an example policy and its test file (which acctl policy lint and acctl policy test pass), .github/workflows/acctl.yml (the example workflow of the acctl repository: format, lint and test on every change; on pull requests from a branch, plan and impact posted as one comment, skipped with a notice for forks; on main, apply of the plan its pull request reviewed, in the GitHub environment `policies`; actions pinned to commits, acctl to the commit of this release tag when the build knew it), .vscode/settings.json and extensions.json (the YAML extension, with yaml.schemas pointing at the schemas), and the schemas in .schemas/ (as acctl schema writes them).',
    'Refuses to overwrite a file that exists, unless --force.',
  ].join('\n');

  static override examples = [
    '<%= config.bin %> <%= command.id %> policies --owner platform-security --server https://acctl.example.com',
    '<%= config.bin %> <%= command.id %> --force',
  ];

  static override args = { folder: Args.string({ description: 'Folder of the new repository (default: the current folder).', default: '.' }) };
  static override flags = {
    owner: Flags.string({ summary: "Owner label of the repository's policies (acctl.yaml owner; default: the folder's name).", helpValue: 'NAME' }),
    server: Flags.string({ summary: 'URL of the acctl server (acctl.yaml server).', helpValue: 'URL', default: 'https://acctl.example.com' }),
    force: Flags.boolean({ default: false, summary: 'Overwrite files that exist.' }),
  };

  public async run(): Promise<InitResult> {
    const { args, flags } = await this.parse(InitCommand);
    const dir = path.resolve(args.folder);
    const owner = flags.owner ?? (path.basename(dir) || 'policies');
    if (owner.length === 0 || owner.length > 200 || /[\u0000-\u001f]/.test(owner))
      throw new UsageError('--owner must be 1 to 200 characters, without control characters');
    if (!/^https?:\/\/[^\s]+$/.test(flags.server) || !URL.canParse(flags.server))
      throw new UsageError(`--server must be an http:// or https:// URL, not ${flags.server}`);

    const [{ editorSchemaText }, { policyRepositoryFiles }, { releaseCommit }] = await Promise.all([
      import('../scaffold/editor-schemas.js'),
      import('../scaffold/policy-repository.js'),
      import('../scaffold/policy-workflow.js'),
    ]);
    const files = policyRepositoryFiles({
      owner,
      server: flags.server,
      version: this.config.version,
      ...(releaseCommit ? { actionCommit: releaseCommit } : {}),
      schemaText: editorSchemaText,
    });
    const existing = files.filter((file) => existsSync(path.join(dir, file.path))).map((file) => file.path);
    if (existing.length > 0 && !flags.force) {
      throw new CommandError(
        'conflict',
        `${existing.length === 1 ? 'A file' : 'Files'} acctl init writes already exist${existing.length === 1 ? 's' : ''} in ${args.folder}: ${existing.join(', ')}`,
        {
          suggestions: ['Run again with --force to overwrite them, or choose another folder'],
        },
      );
    }
    const written: InitResult['files'] = [];
    for (const file of files) {
      const target = path.join(dir, file.path);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, file.text);
      const status = existing.includes(file.path) ? 'overwritten' : 'created';
      written.push({ path: file.path, status });
      this.log(`${status} ${path.join(args.folder, file.path)}`);
    }
    this.say(
      `Next: acctl policy lint ${args.folder} && acctl policy test ${args.folder}; set server in acctl.yaml, and the secrets ACCTL_CLIENT_ID and ACCTL_CLIENT_SECRET for the workflow`,
    );
    return { folder: args.folder, owner, server: flags.server, files: written };
  }
}
