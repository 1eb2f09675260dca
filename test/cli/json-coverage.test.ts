import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { repoRoot } from './run-cli.js';

/**
 * Commands that need no --json, each with the reason. Even `server start` (a JSON ready line) and
 * `login` (its result) have one.
 */
const withoutJson: Record<string, string> = {
  'audit browse': 'an interactive terminal program that prints no result; `acctl audit events --json` gives scripts the same events',
  server: 'hands its arguments to the server package, whose commands (`acctl server start --json`, …) have their own',
  help: 'help text for people, as --help prints it; test/cli/surface.json is the list of commands and flags for machines',
};

const surface = JSON.parse(readFileSync(path.join(repoRoot, 'test', 'cli', 'surface.json'), 'utf8')) as {
  commands: Record<string, { flags: Record<string, unknown> }>;
};
const commandIds = Object.keys(surface.commands);

/** Every test file's text (CLI runs live in test/cli, test/gitops and others), to find which commands a test runs with --json. */
const testSources = readdirSync(path.join(repoRoot, 'test'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => readFileSync(path.join(repoRoot, 'test', file), 'utf8'));

/** A call like `cli(['webhook', 'create', ..., '--json'])` on one line: the command's words as the start of an argument list. */
function runWithJson(id: string): boolean {
  const words = id
    .split(' ')
    .map((word) => `'${word}'`)
    .join(', ');
  return testSources.some((source) => source.split('\n').some((line) => line.includes(`[${words}`) && line.includes("'--json'")));
}

describe('--json on every command (scripts rely on one JSON document on stdout)', () => {
  it('the surface snapshot lists commands, and every exception is a real command', () => {
    expect(commandIds.length).to.be.greaterThan(30);
    for (const id of Object.keys(withoutJson)) expect(commandIds, `exception "${id}"`).to.include(id);
  });

  it('every command other than the documented exceptions declares --json', () => {
    const missing = commandIds.filter((id) => !(id in withoutJson) && !('json' in surface.commands[id]!.flags));
    expect(missing, 'commands without --json: add it (AcctlCommand, cli/src/base/acctl-command.ts, enables it) or document the exception above').to.deep.equal(
      [],
    );
  });

  it('every command is run with --json by some test', () => {
    // client.test.ts runs `acctl server client ...` through a helper that adds the first words.
    // audit-tail.test.ts starts `acctl audit tail` through startTail, which adds the first words.
    const throughHelper: Record<string, string> = {
      'server client delete': "cli('delete'",
      'server client rotate-secret': "cli('rotate-secret'",
      'audit tail': 'startTail(',
    };
    const helperRun = (id: string): boolean =>
      id in throughHelper && testSources.some((source) => source.split('\n').some((line) => line.includes(throughHelper[id]!) && line.includes("'--json'")));
    const untested = commandIds.filter((id) => !(id in withoutJson) && !runWithJson(id) && !helperRun(id));
    expect(untested, 'commands no test runs with --json').to.deep.equal([]);
  });
});
