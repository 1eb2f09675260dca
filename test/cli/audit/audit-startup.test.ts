import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
      const result = await runCli(args, { env, process: true });
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

  /** The bundled files (cli/dist) that hold code of `name`, from the build's metafile (scripts/build-packages.ts). */
  const bundledFilesOf = (name: string): string[] => {
    const metafile = JSON.parse(readFileSync(path.join(repoRoot, 'node_modules', '.cache', 'acctl', 'cli-metafile.json'), 'utf8')) as {
      outputs: Record<string, { inputs: Record<string, unknown> }>;
    };
    return Object.entries(metafile.outputs)
      .filter(([, output]) => Object.keys(output.inputs).some((input) => input.startsWith(`node_modules/${name}/`)))
      .map(([output]) => path.resolve(repoRoot, output));
  };

  it('finds the bundled files that hold ink and React, apart from the commands', () => {
    expect(bundledFilesOf('ink')).to.not.deep.equal([]);
    expect(bundledFilesOf('react')).to.not.deep.equal([]);
    expect(bundledFilesOf('ink').filter((file) => file.includes(`${path.sep}commands${path.sep}`))).to.deep.equal([]);
  });

  for (const args of [['audit', 'events', '--help'], ['audit', 'tail', '--help'], ['audit', 'browse', '--help'], ['policy', 'lint', '--help'], ['--help']]) {
    it(`acctl ${args.join(' ')} runs without loading ink or React`, async () => {
      const modules = (await modulesLoadedBy(args, { cli: true })).filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url));
      expect(modules, 'the probe sees the bundle').to.include(path.join(repoRoot, 'cli', 'dist', 'run.js'));
      expect(modules.filter((file) => bundledFilesOf('ink').includes(file))).to.deep.equal([]);
      expect(modules.filter((file) => bundledFilesOf('react').includes(file))).to.deep.equal([]);
    });
  }
});
