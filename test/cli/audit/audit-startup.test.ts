import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { staticImportClosure } from '../import-closure.js';
import { repoRoot, runCli } from '../run-cli.js';

/** Every command file, recursively. */
function commandFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? commandFiles(path.join(dir, entry.name)) : entry.name.endsWith('.ts') ? [path.join(dir, entry.name)] : [],
  );
}

describe('ink and React at startup', () => {
  // Without an oclif manifest (development, tests) every command file is imported to list the
  // commands, and `acctl audit events --help` imports its own: whatever one imports at the top,
  // every command pays for at start.
  const commandsDir = path.join(repoRoot, 'cli', 'src', 'commands');
  const commands = commandFiles(commandsDir);

  it('finds the commands, audit browse among them', () => {
    expect(commands.map((file) => path.relative(commandsDir, file))).to.include.members([
      'audit/browse.ts',
      'audit/events.ts',
      'audit/tail.ts',
      'policy/lint.ts',
    ]);
  });

  for (const file of commands) {
    const id = path.relative(commandsDir, file).replace(/\.ts$/, '').split(path.sep).join(' ');
    it(`${id} does not load ink or React when it is imported`, () => {
      const { files, packages } = staticImportClosure(file);
      expect([...packages]).to.not.include.oneOf(['ink', 'react', 'ink-testing-library']);
      expect([...files].filter((loaded) => loaded.includes(`${path.sep}audit-browser${path.sep}`) && !loaded.endsWith('event-source.ts'))).to.deep.equal([]);
    });
  }

  it('audit browse gets ink and React through the module it imports when it runs', () => {
    const { packages } = staticImportClosure(path.join(repoRoot, 'cli', 'src', 'audit-browser', 'run.tsx'));
    expect([...packages]).to.include.members(['ink', 'react']);
  });
});

describe('ink and React in a running acctl', function () {
  this.timeout(60_000);
  const probe = path.join(repoRoot, 'test', 'cli', 'probe', 'record-modules.mjs');

  /** The ES modules a process loaded, as `node --import` of the probe records them. */
  async function modulesLoadedBy(args: readonly string[], options: { cli: boolean }): Promise<string[]> {
    const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'acctl-probe-')), 'modules.txt');
    const env = { NODE_OPTIONS: `--import ${probe}`, ACCTL_MODULE_PROBE_OUT: out };
    if (options.cli) {
      const result = await runCli(args, { env });
      expect(result.exitCode, result.stderr).to.equal(0);
    } else {
      execFileSync(process.execPath, args, { cwd: repoRoot, env: { ...process.env, ...env } });
    }
    return readFileSync(out, 'utf8').trim().split('\n');
  }
  const fromPackage = (modules: string[], name: string): string[] => modules.filter((url) => url.includes(`/node_modules/${name}/`));

  it('sees a package a process imports (so its silence below means something)', async () => {
    const modules = await modulesLoadedBy(['--input-type=module', '-e', "await import('ink')"], { cli: false });
    expect(fromPackage(modules, 'ink')).to.not.deep.equal([]);
    expect(fromPackage(modules, 'react')).to.not.deep.equal([]);
  });

  for (const args of [['audit', 'events', '--help'], ['audit', 'tail', '--help'], ['policy', 'lint', '--help'], ['--help']]) {
    it(`acctl ${args.join(' ')} runs without loading ink or React`, async () => {
      const modules = await modulesLoadedBy(args, { cli: true });
      // Without a manifest every command file is imported, browse's included: importing it must not bring ink.
      expect(modules.filter((url) => url.endsWith('/cli/src/commands/audit/browse.ts'))).to.have.length(1);
      expect(fromPackage(modules, 'ink')).to.deep.equal([]);
      expect(fromPackage(modules, 'react')).to.deep.equal([]);
    });
  }
});
