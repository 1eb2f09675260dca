import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { collectPolicyFiles } from '../../cli/src/policy-files/workspace.js';

describe('which files a command reads (collectPolicyFiles)', () => {
  let dir: string;
  const write = (relative: string, text = 'name: x\nrules: []\n'): void => {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), text);
  };
  const paths = (files: ReadonlyArray<{ path: string }>): string[] => files.map((file) => file.path);

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'acctl-workspace-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads every .yaml and .yml file of a folder without acctl.yaml, skipping node_modules and hidden folders', () => {
    write('a.yaml');
    write('team/b.yml');
    write('team/b.test.yaml');
    write('notes.txt');
    write('node_modules/pkg/c.yaml');
    write('.github/workflows/ci.yaml');
    const set = collectPolicyFiles(['.'], dir);
    expect(paths(set.selected)).to.deep.equal(['a.yaml', 'team/b.test.yaml', 'team/b.yml']);
    expect(set.missing).to.deep.equal([]);
  });

  it('uses the globs of acctl.yaml, relative to its folder, and reads acctl.yaml itself', () => {
    write('acctl.yaml', 'files: ["policies/**/*.yaml", "!policies/legacy/**"]\n');
    write('policies/db.yaml');
    write('policies/legacy/old.yaml');
    write('docker-compose.yaml');
    expect(paths(collectPolicyFiles([], dir).selected)).to.deep.equal(['acctl.yaml', 'policies/db.yaml']);
  });

  it('finds acctl.yaml in a parent folder, and selects only the files under the path given', () => {
    write('acctl.yaml', 'files: ["**/*.yaml"]\n');
    write('databases/db.yaml');
    write('apis/api.yaml');
    const set = collectPolicyFiles(['databases'], dir, { policyFolder: true });
    expect(paths(set.selected)).to.deep.equal(['databases/db.yaml']);
    expect(paths(set.all)).to.deep.equal(['acctl.yaml', 'apis/api.yaml', 'databases/db.yaml']);
  });

  it('takes a file given by name even when no glob selects it, with the files of its folder beside it when asked (policy test)', () => {
    write('acctl.yaml', 'files: ["*.yaml"]\n');
    write('db.yaml');
    write('extra/one.yml');
    const set = collectPolicyFiles(['extra/one.yml'], dir, { policyFolder: true });
    expect(paths(set.selected)).to.deep.equal(['extra/one.yml']);
    expect(paths(set.all)).to.include('db.yaml');
  });

  it('reads only the files named, and the acctl.yaml above them, unless asked for the policy folder', () => {
    write('acctl.yaml', 'owner: platform\nfiles: ["**/*.yaml"]\n');
    write('a.yaml');
    write('b.yaml');
    write('elsewhere/c.yaml');
    const set = collectPolicyFiles(['a.yaml', 'b.yaml'], dir);
    expect(paths(set.selected)).to.deep.equal(['a.yaml', 'b.yaml']);
    expect(paths(set.all)).to.deep.equal(['a.yaml', 'b.yaml']);
    expect(set.roots.map((root) => root.config.owner)).to.deep.equal(['platform']);
  });

  it('walks only the folder given, not the rest of its policy folder', () => {
    write('acctl.yaml', 'files: ["**/*.yaml"]\n');
    write('databases/db.yaml');
    write('apis/api.yaml');
    const set = collectPolicyFiles(['databases'], dir);
    expect(paths(set.all)).to.deep.equal(['databases/db.yaml']);
  });

  it('reports paths that do not exist', () => {
    expect(collectPolicyFiles(['nowhere', '.'], dir).missing).to.deep.equal(['nowhere']);
  });
});
