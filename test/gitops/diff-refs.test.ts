import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import type { PolicyDiffJson } from '../../cli/src/commands/policy/diff.js';
import { exitCodes } from '../../kit/src/index.js';
import { repoRoot, runCli } from '../cli/run-cli.js';
import { exitWith } from './support.js';

/** A new policy whose one allow nothing denied before: its rule (line 5, rules[0]) widens access. */
const printers = `name: printers
status: active
rules:
  - effect: allow
    principals: {type: USER}
    resources: {type: printer, identifiers: ["*"]}
    actions: [print]
`;

/**
 * `acctl policy diff REF REF -- FOLDER`: a real git repository in a temporary folder, its history
 * (1) a README only, (2) the example policies in policies/ (tag `base`), (3) the contractor deny
 * removed and a printers policy added (main's HEAD). The CLI runs in the repository, offline.
 */
describe('acctl policy diff REF REF -- FOLDER (a policy folder at two git refs, read with git, never checked out)', function () {
  this.timeout(60000);
  let repo: string;
  const offline = (extra: Record<string, string> = {}) => ({ cwd: repo, env: { ACCTL_SERVER: 'http://127.0.0.1:9', ...extra } });
  const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });

  before(() => {
    repo = mkdtempSync(path.join(os.tmpdir(), 'acctl-git-diff-'));
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'Test');
    git('config', 'commit.gpgsign', 'false');
    writeFileSync(path.join(repo, 'README.md'), 'policies\n');
    git('add', '.');
    git('commit', '-qm', 'readme');
    git('tag', 'empty');
    cpSync(path.join(repoRoot, 'policies-example'), path.join(repo, 'policies'), { recursive: true });
    git('add', '.');
    git('commit', '-qm', 'policies');
    git('tag', 'base');
    rmSync(path.join(repo, 'policies', 'contractor-restrictions.yaml'));
    rmSync(path.join(repo, 'policies', 'contractor-restrictions.test.yaml'));
    writeFileSync(path.join(repo, 'policies', 'printers.yaml'), printers);
    git('add', '-A');
    git('commit', '-qm', 'drop the contractor deny, add printers');
  });
  after(() => rmSync(repo, { recursive: true, force: true }));

  it('base HEAD -- policies: the policies that differ and the widening, examples named REF:path before and as in the working tree at HEAD', async () => {
    const json = exitWith(await runCli(['policy', 'diff', '--json', 'base', 'HEAD', '--', 'policies'], offline()), 2).json<PolicyDiffJson>();
    expect(json).to.deep.include({ from: 'base:policies', to: 'HEAD:policies' });
    expect(json.policies).to.deep.equal([
      { name: 'contractor-restrictions', action: 'removed', changes: [] },
      { name: 'printers', action: 'added', changes: [] },
    ]);
    expect(json.access).to.deep.include({ widens: true, narrows: false });
    const places = json.access!.examples.map((example) => [example.policy, example.rule_in, example.file, example.line]);
    expect(places).to.deep.include(['printers', 'after', 'policies/printers.yaml', 4]);
    const contractor = json.access!.examples.find((example) => example.policy === 'contractor-restrictions')!;
    expect([contractor.file, contractor.line]).to.deep.equal(['base:policies/contractor-restrictions.yaml', contractor.rule_index === 0 ? 9 : 18]);
    // Read with git, never checked out: the working tree and the index are as they were.
    expect(git('status', '--porcelain')).to.equal('');
  });

  it('--fail-on-widen exits 14 from base to HEAD and 0 the other way round (access only narrows)', async () => {
    exitWith(await runCli(['policy', 'diff', '--fail-on-widen', 'base', 'HEAD', '--', 'policies'], offline()), exitCodes.access_widens);
    const back = exitWith(await runCli(['policy', 'diff', '--fail-on-widen', '--json', 'HEAD', 'base', '--', 'policies'], offline()), 0).json<PolicyDiffJson>();
    expect(back.access).to.deep.include({ widens: false, narrows: true });
  });

  it('REF -- FOLDER compares the ref with the folder as it is in the working tree, uncommitted edits included', async () => {
    writeFileSync(path.join(repo, 'policies', 'printers.yaml'), printers.replace('[print]', '[print, scan]'));
    try {
      const shown = exitWith(await runCli(['policy', 'diff', 'HEAD', '--', 'policies'], offline()), 2);
      expect(shown.stdout).to.include('--- HEAD:policies\n+++ policies').and.include('Access widens');
      const json = exitWith(await runCli(['policy', 'diff', '--json', 'HEAD', '--', 'policies'], offline()), 2).json<PolicyDiffJson>();
      expect(json).to.deep.include({ from: 'HEAD:policies', to: 'policies' });
      expect(json.policies!.map((policy) => [policy.name, policy.action])).to.deep.equal([['printers', 'changed']]);
      expect(json.access!.examples[0]!.request.action).to.equal('scan');
    } finally {
      git('checkout', '--', 'policies/printers.yaml');
    }
  });

  it('a folder absent at a ref is an empty set there: every policy added, access widens', async () => {
    const json = exitWith(await runCli(['policy', 'diff', '--json', 'empty', 'base', '--', 'policies'], offline()), 2).json<PolicyDiffJson>();
    expect(json.policies!.every((policy) => policy.action === 'added')).to.equal(true);
    expect(json.policies!.length).to.be.greaterThan(10);
    expect(json.access!.widens).to.equal(true);
  });

  it('reads the acctl.yaml of the folder above a nested policy folder at the ref too: HEAD -- infra/policies with nothing changed differs in nothing', async () => {
    mkdirSync(path.join(repo, 'infra', 'policies'), { recursive: true });
    // The governing file sits in infra/, above the folder: its `files` leave draft.yaml out on both sides.
    writeFileSync(path.join(repo, 'infra', 'acctl.yaml'), 'owner: infra-team\nfiles:\n  - "policies/printers.yaml"\n');
    writeFileSync(path.join(repo, 'infra', 'policies', 'printers.yaml'), printers);
    writeFileSync(path.join(repo, 'infra', 'policies', 'draft.yaml'), printers.replace('name: printers', 'name: draft-printers'));
    git('add', '-A');
    git('commit', '-qm', 'a nested policy folder governed from above');
    try {
      const json = exitWith(await runCli(['policy', 'diff', '--json', 'HEAD', '--', 'infra/policies'], offline()), 0).json<PolicyDiffJson>();
      expect(json.policies).to.deep.equal([]);
    } finally {
      git('reset', '-q', '--hard', 'HEAD~1');
    }
  });

  it('refuses an unknown ref (not_found), a folder outside a git repository, a file with lint errors at a ref (named REF:path), refs without --', async () => {
    const unknown = exitWith(await runCli(['policy', 'diff', '--json', 'base', 'no-such-branch', '--', 'policies'], offline()), 1);
    expect(unknown.json<{ error: { code: string; message: string } }>().error).to.deep.include({ code: 'not_found' });
    expect(unknown.stdout).to.include('Unknown git ref: no-such-branch');

    const outside = mkdtempSync(path.join(os.tmpdir(), 'acctl-not-git-'));
    try {
      mkdirSync(path.join(outside, 'policies'));
      const result = exitWith(await runCli(['policy', 'diff', 'main', 'HEAD', '--', 'policies'], { ...offline(), cwd: outside }), 1);
      expect(result.stderr).to.include('is not in a git repository');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }

    git('checkout', '-q', '-b', 'broken');
    try {
      writeFileSync(path.join(repo, 'policies', 'broken.yaml'), 'name: broken\nrules: [\n');
      git('add', '.');
      git('commit', '-qm', 'broken');
      git('checkout', '-q', 'main');
      const broken = exitWith(await runCli(['policy', 'diff', 'base', 'broken', '--', 'policies'], offline()), 1);
      expect(broken.stderr).to.include('At broken:').and.include('broken:policies/broken.yaml:');
      expect(broken.stderr).to.not.include(os.tmpdir());
    } finally {
      git('checkout', '-q', 'main');
    }

    const noSeparator = exitWith(await runCli(['policy', 'diff', 'base', 'HEAD'], offline()), 1);
    expect(noSeparator.stderr).to.include('acctl policy diff base HEAD -- FOLDER');
    expect(readFileSync(path.join(repo, 'policies', 'printers.yaml'), 'utf8')).to.equal(printers);
  });
});
