import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Errors, run as runOclif, type Interfaces } from '@oclif/core';
import { errorStyle, exitCodes, exitAfterCommandLineError, exitAfterOutput, jsonDocument } from '../../kit/src/index.js';

/**
 * How oclif loads the CLI whose package (package.json, oclif.manifest.json, dist/) is at `root`.
 * oclif names a CLI after its package: the npm name is @acctl/cli, but `acctl --version` says
 * acctl/<version>, as it always has.
 */
export function cliLoadOptions(root: string): { root: string; pjson: Interfaces.PJSON } {
  const pjson = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Interfaces.PJSON;
  return { root, pjson: { ...pjson, name: pjson.oclif.bin ?? pjson.name } };
}

/**
 * Runs the CLI whose package is at `packageRoot` (oclif's execute(), with acctl's answer to an unknown
 * command). A command that succeeds lets the process end by itself, which waits for its output; one
 * that ends otherwise exits once its output is out (process-exit.ts). Not oclif's flush(): it gives a
 * slow reader 10 s, then throws, and the process died with the rest of a `| less` unread.
 */
export async function run(packageRoot: URL, argv: readonly string[] = process.argv.slice(2)): Promise<void> {
  const root = fileURLToPath(packageRoot);
  try {
    await runOclif([...argv], cliLoadOptions(root));
  } catch (error) {
    const unknown = unknownCommand(error);
    if (unknown === undefined) return await exitAfterCommandLineError(error);
    return await answerUnknownCommand(root, unknown, argv);
  }
}

/** The id oclif could not find (`command polcy:lint not found`, config.runCommand), or undefined for any other error. */
function unknownCommand(error: unknown): string | undefined {
  if (!(error instanceof Errors.CLIError)) return undefined;
  return /^command (\S+) not found$/.exec(error.message)?.[1];
}

/**
 * An unknown command is bad usage (exit 2), said the way every other failure is: one line and a
 * suggestion, or with --json the error object scripts parse. The suggestion is the nearest command
 * id, as gh and kubectl offer ("did you mean"); the ids come from the manifest, read only here.
 */
async function answerUnknownCommand(root: string, id: string, argv: readonly string[]): Promise<never> {
  // Loaded on this path only: every command run loads this module.
  const { suggestCommand } = await import('./ux/command-suggestions.js');
  const ids = Object.keys((JSON.parse(readFileSync(path.join(root, 'oclif.manifest.json'), 'utf8')) as { commands: Record<string, unknown> }).commands);
  const suggestion = suggestCommand(argv, ids);
  const message = `Unknown command: acctl ${unknownWords(id.split(':'), ids)}`;
  const suggestions = [
    ...(suggestion.length === 0 ? [] : [`Did you mean: ${suggestion.map((command) => `acctl ${command}`).join(' or ')}?`]),
    'Run acctl --help to see the commands',
  ];
  // --json anywhere on the line (before `--`) asks for JSON, as it does for a command that exists.
  const end = argv.indexOf('--');
  if ((end === -1 ? argv : argv.slice(0, end)).includes('--json')) {
    const error = { code: 'usage_error', exit_code: exitCodes.usage_error, message, suggestions };
    process.stdout.write(`${JSON.stringify(jsonDocument({ error }), null, 2)}\n`);
  } else {
    process.stderr.write(`${errorStyle.red.bold('Error:')} ${message}\n`);
    for (const line of suggestions) process.stderr.write(`  ${errorStyle.dim(line)}\n`);
  }
  return await exitAfterOutput(exitCodes.usage_error);
}

/**
 * The words of an unknown command to name: oclif folds the arguments into the id it could not find
 * (`policy lnt policies/` is `policy:lnt:policies/`), so the words up to the first that is no known
 * topic (`policy lnt`).
 */
function unknownWords(words: readonly string[], ids: readonly string[]): string {
  const topics = new Set(
    ids.flatMap((known) =>
      known
        .split(':')
        .slice(0, -1)
        .map((_, index, parts) => parts.slice(0, index + 1).join(' ')),
    ),
  );
  let count = 1;
  while (count < words.length && topics.has(words.slice(0, count).join(' '))) count += 1;
  return words.slice(0, count).join(' ');
}
