import { existsSync, statSync } from 'node:fs';
import { Args, Flags } from '@oclif/core';
import { GateCommand } from '../../base/gate-command.js';
import { CommandError, NotFound, UsageError, exitCodes, style } from '../../../../kit/src/index.js';
import type { PolicyContent } from '../../gitops/desired.js';
import type { PolicyRepository } from '../../gitops/repository.js';
import { resolvePolicy } from '../../stored-policies/lookup.js';
import type { CliPolicyDiffOutput } from '../../../../core/src/index.js';
import type { FolderDiffShown, PolicyPlace } from '../../gitops/diff-report.js';
import { policyCheckFormats, policyReportFormatFlag } from '../../flags/policy-report-format.js';

/** What --json prints, without format_version: the type is generated from schemas/cli/ (npm run gen:types), the schema being the one source. */
export type PolicyDiffJson = Omit<CliPolicyDiffOutput, 'format_version'>;

interface Side {
  label: string;
  content: PolicyContent;
}

/**
 * Exits as `acctl policy plan` does, Terraform's -detailed-exitcode: 0 the same, 2 they differ, 1 any
 * error (GateCommand). git diff --exit-code also fails when they differ, but with 1, which here
 * already means an error (a lint error is 1 in lint, plan and apply).
 */
export default class PolicyDiff extends GateCommand {
  static override summary = 'Show what differs between two policies, field by field, or two policy folders, with whether access widens';
  static override description = [
    "Five forms: two files (offline); one file and the live policy of the same name on the server; a stored policy's versions (--from, and --to or the current version); two policy folders (offline: each is read and linted as plan reads it); or a policy folder at two git refs, REF REF -- FOLDER, or at one ref and as it is in the working tree, REF -- FOLDER.",
    'Refs, as git diff REF REF -- PATH: the words before -- are refs (branches, tags, commits, HEAD~1), the one after it the policy folder, so a folder and a ref are never mistaken for each other; without --, every word is a file, folder or policy id. The folder is read at each ref with git (git ls-tree, git cat-file) inside the repository that holds it, never checked out over your files, and linted as a folder is (a file with lint errors at a ref is an error naming REF:path). A folder that does not exist at a ref is an empty set there (its policies all added, as git diff shows its files), an unknown ref an error (not_found), a folder outside a git repository an error. Files are named REF:path, except at the commit checked out (HEAD), named as in the working tree so annotations land on its lines.',
    'Two folders: the policies that differ, by name (added, removed, changed with their differences), and whether going from the first folder\'s active policies to the second\'s widens access (some request denied before is allowed after) or narrows it, decided as acctl policy plan decides it (refs alike): "cannot widen" is a proof over every request and every instant of the 366 days from the run (a year ahead, a leap day included); up to 5 example requests each, checked with the engine (--json: access).',
    'Differences read as sentences ("rule 1 gains action `write`", "rule 0 condition `risk_score <` 40 → 35"); rules are numbered from 0, as rule_index in decisions, tests and lint, and matched by content, so an inserted rule shows as one added rule; a changed value is one change, old → new (--json: before and after). The order of keys is never a difference. Two files are compared as written; a file compared with the server gets metadata.managed_by from its acctl.yaml, as apply would write it. Provenance is never compared. --json gives each change with its path.',
    "Exit codes, as acctl policy plan (terraform plan -detailed-exitcode): 0 no differences, 2 they differ, 1 any error (a file with lint errors, a policy not on the server, bad usage; --json names the error's code).",
    `With two folders or refs and --fail-on-widen, as plan's: ${exitCodes.access_widens} when access widens or whether it does could not be decided, 0 otherwise, 1 on any error.`,
  ].join('\n');

  static override examples = [
    '<%= config.bin %> <%= command.id %> old/ledger.yaml policies/ledger.yaml',
    { description: 'A file against the policy of the same name on the server', command: '<%= config.bin %> <%= command.id %> policies/ledger.yaml' },
    { description: 'Two stored versions', command: '<%= config.bin %> <%= command.id %> 7c1d2e3f-4a5b-6c7d-8e9f-0a1b2c3d4e5f --from 2 --to 5' },
    {
      description: "A pull request's policy folder against main's: what it changes and whether it widens access",
      command: '<%= config.bin %> <%= command.id %> origin/main HEAD -- policies --fail-on-widen',
    },
    {
      description: 'Two policy folders (offline), failing when access widens',
      command: '<%= config.bin %> <%= command.id %> ../main/policies policies --fail-on-widen',
    },
  ];

  static override args = {
    first: Args.string({ required: true, description: "A policy file, a policy folder, a stored policy's id (with --from), or a git ref (before --)." }),
    second: Args.string({
      description:
        "A second policy file (without it: the live policy of the first file's name), a second folder, a second git ref, or after --, the policy folder.",
    }),
    folder: Args.string({ description: 'After REF REF --: the policy folder compared at both refs.' }),
  };

  static override flags = {
    from: Flags.integer({ min: 1, summary: 'With a policy id: the older version.', helpValue: 'N' }),
    to: Flags.integer({ min: 1, summary: 'With a policy id: the newer version (default: the current one).', helpValue: 'N' }),
    'fail-on-widen': Flags.boolean({
      default: false,
      summary: `With two folders or refs: exit ${exitCodes.access_widens} when access widens; "could not be decided" counts as widening (never permissive).`,
    }),
    ...policyReportFormatFlag(
      "With two folders or refs, as plan's: human, json, github (workflow annotations, a widening an error at its rule, and a job summary), junit (XML: the access case fails when access widens), markdown (a pull-request comment) or sarif (SARIF 2.1.0: the access results). Two policies: human text (--json for JSON).",
      policyCheckFormats,
    ),
  };

  public async run(): Promise<PolicyDiffJson> {
    const { args, flags } = await this.parse(PolicyDiff);
    const separator = this.argv.indexOf('--');
    if (separator !== -1) return this.#refs([args.first, args.second, args.folder], this.argv.length - separator - 1, flags);
    if (args.folder !== undefined) throw new UsageError('Three words: to compare a folder at two git refs, write REF REF -- FOLDER');
    const isFile = (value: string | undefined): value is string => value !== undefined && existsSync(value) && statSync(value).isFile();
    const isFolder = (value: string | undefined): value is string => value !== undefined && existsSync(value) && statSync(value).isDirectory();
    if (isFolder(args.first)) return this.#folders(args.first, args.second, flags);
    if (flags['fail-on-widen']) throw new UsageError('--fail-on-widen goes with two folders: the access of one policy is not the whole set');
    if (flags.format !== 'human')
      throw new UsageError(`--format ${flags.format} goes with two folders or refs; two policies are shown as text, or as JSON with --json`);
    let before: Side;
    let after: Side;
    if (isFile(args.first)) {
      if (flags.from !== undefined || flags.to !== undefined) throw new UsageError('--from and --to go with a policy id, not a file');
      if (args.second !== undefined) {
        if (!isFile(args.second)) throw new UsageError(`No such file: ${args.second}`);
        before = await fileSide(args.first, { asApplied: false });
        after = await fileSide(args.second, { asApplied: false });
      } else {
        after = await fileSide(args.first, { asApplied: true });
        before = await this.#liveSide(after.content.name, flags.server, args.first);
      }
    } else {
      if (args.second !== undefined)
        throw new UsageError(`No such file or folder: ${args.first}`, [
          `To compare git refs, name the folder after --: acctl policy diff ${args.first} ${args.second} -- FOLDER`,
        ]);
      if (flags.from === undefined)
        throw new UsageError(`${args.first} is not a file; to compare a stored policy's versions, give --from N`, ['acctl policy versions ID lists them']);
      before = await this.#versionSide(args.first, flags.from, flags.server);
      after = await this.#versionSide(args.first, flags.to, flags.server);
    }
    const { diffEntryLine, diffPolicies } = await import('../../gitops/policy-diff.js');
    const changes = diffPolicies(before.content, after.content);
    this.log(`${style.red(`--- ${before.label}`)}\n${style.green(`+++ ${after.label}`)}`);
    this.log(changes.length === 0 ? style.dim('No differences.') : changes.map((entry) => `  ${diffEntryLine(entry)}`).join('\n'));
    return this.finishGate({ from: before.label, to: after.label, changes }, changes.length > 0);
  }

  async #folders(
    first: string,
    second: string | undefined,
    flags: { from?: number; to?: number; 'fail-on-widen': boolean; format: string },
  ): Promise<PolicyDiffJson> {
    if (!(second !== undefined && existsSync(second) && statSync(second).isDirectory()))
      throw new UsageError(`${first} is a folder: give a second folder to compare it with${second === undefined ? '' : ` (${second} is not one)`}`);
    if (flags.from !== undefined || flags.to !== undefined) throw new UsageError('--from and --to go with a policy id, not a folder');
    const { readPolicyRepository } = await import('../../gitops/repository.js');
    return this.#sets(
      { label: first, repository: await readPolicyRepository(first, undefined) },
      { label: second, repository: await readPolicyRepository(second, undefined) },
      flags,
    );
  }

  /** `REF REF -- FOLDER` or `REF -- FOLDER` (the working tree after): the folder read at each ref with git (gitops/git-ref.ts). */
  async #refs(
    words: Array<string | undefined>,
    afterSeparator: number,
    flags: { from?: number; to?: number; 'fail-on-widen': boolean; format: string },
  ): Promise<PolicyDiffJson> {
    const given = words.filter((word): word is string => word !== undefined);
    if (afterSeparator !== 1 || given.length < 2)
      throw new UsageError('Refs and a folder: REF REF -- FOLDER, or REF -- FOLDER (the folder as it is in the working tree); one folder after --');
    if (flags.from !== undefined || flags.to !== undefined) throw new UsageError('--from and --to go with a policy id; refs come before --');
    const folder = given.pop()!;
    const [{ gitFolderOf, readRepositoryAt }, { readPolicyRepository }] = await Promise.all([
      import('../../gitops/git-ref.js'),
      import('../../gitops/repository.js'),
    ]);
    const repo = gitFolderOf(folder);
    const before = await readRepositoryAt(repo, given[0]!, { nameAsWorkingTree: false });
    const after =
      given.length === 2
        ? await readRepositoryAt(repo, given[1]!, { nameAsWorkingTree: true })
        : { label: folder, repository: await readPolicyRepository(folder, undefined) };
    return this.#sets(before, after, flags);
  }

  async #sets(
    before: { label: string; repository: PolicyRepository },
    after: { label: string; repository: PolicyRepository },
    flags: { 'fail-on-widen': boolean; format: string },
  ): Promise<PolicyDiffJson> {
    const [{ diffFolders }, report, { mayWiden }, { writeReport }] = await Promise.all([
      import('../../gitops/folder-diff.js'),
      import('../../gitops/diff-report.js'),
      import('../../gitops/access.js'),
      import('../../policy-files/command-support.js'),
    ]);
    const { policies, access } = diffFolders(before.repository, after.repository, new Date());
    const shown: FolderDiffShown = { from: before.label, to: after.label, policies, access };
    // A policy's place: its name line in the second side, or in the first for a removed one.
    const place: PolicyPlace = (policy) => {
      const side = policy.action === 'removed' ? before.repository : after.repository;
      const found = side.desired.find((desired) => desired.name === policy.name);
      return found && { file: found.file, line: found.line, col: found.col };
    };
    if (!this.jsonEnabled())
      writeReport((text) => this.log(text), flags.format, {
        human: (paint) => report.diffHuman(shown, paint),
        json: () => shown,
        github: () => report.diffGithub(shown, place),
        junit: () => report.diffJunit(shown, place),
        markdown: () => report.diffMarkdown(shown),
        sarif: () => {
          const config = after.repository.configFile ?? before.repository.configFile;
          return report.diffSarif(shown, this.config.version, config === undefined ? undefined : { file: config, line: 1, col: 1 });
        },
      });
    if (flags['fail-on-widen']) return mayWiden(access) ? this.exitWith(shown, exitCodes.access_widens) : shown;
    return this.finishGate(shown, policies.length > 0);
  }

  /** The live policy, from the server of the file's policy repository (the acctl.yaml its managed_by comes from). */
  async #liveSide(name: string, server: string | undefined, file: string): Promise<Side> {
    const api = await this.api(server, { repository: { from: file } });
    const list = await api.call('get', '/policies', { query: { name: [name] } });
    const item = list.data[0];
    if (item === undefined) throw new NotFound(`No live policy named "${name}" on the server: apply would create it`);
    const policy = await api.call('get', '/policies/{id}', { path: { id: item.id } });
    const { liveContent } = await import('../../gitops/plan.js');
    return { label: `${name} on the server (version ${policy.version})`, content: liveContent(policy) };
  }

  async #versionSide(id: string, version: number | undefined, server: string | undefined): Promise<Side> {
    const api = await this.api(server);
    const path = { id: (await resolvePolicy(api, id)).id };
    const stored =
      version === undefined
        ? await api.call('get', '/policies/{id}', { path })
        : await api.call('get', '/policies/{id}/versions/{version}', { path: { ...path, version } });
    const { liveContent } = await import('../../gitops/plan.js');
    return {
      label: `${stored.name} version ${stored.version}`,
      content: liveContent({ ...stored, description: stored.description ?? '', status: stored.status ?? 'draft', metadata: stored.metadata ?? {} }),
    };
  }
}

/**
 * A policy file's content: as written when two files are compared, or as apply would send it
 * (metadata.managed_by from its acctl.yaml) when it is compared with the server.
 */
async function fileSide(file: string, options: { asApplied: boolean }): Promise<Side> {
  const [{ loadPolicyFileSet }, { loadFiles }, { contentOf }] = await Promise.all([
    import('../../policy-files/command-support.js'),
    import('../../policy-files/load.js'),
    import('../../gitops/desired.js'),
  ]);
  const set = await loadPolicyFileSet([file]);
  const loaded = loadFiles(set.selected);
  const policy = loaded.policies[0];
  if (policy === undefined) {
    const first = loaded.findings.find((finding) => finding.severity === 'error');
    throw new CommandError('lint_failed', `${file} is not a valid policy file${first ? `: ${first.file}:${first.line}:${first.col} ${first.message}` : ''}`, {
      suggestions: [`acctl policy lint ${file}`],
    });
  }
  return { label: file, content: contentOf(policy.policy, options.asApplied ? set.roots[0]?.config.owner : undefined) };
}
