import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { exitCodes, gateExitCodes } from '../../kit/src/index.js';
import { loadCommandLine } from '../../scripts/cli-reference.js';
import { repoRoot } from './run-cli.js';

const snapshotFile = path.join(repoRoot, 'test', 'cli', 'surface.json');

/** Every command (the server package's as `acctl server …`) with its arguments and flags, and the exit codes: the surface scripts depend on. */
async function currentSurface(): Promise<{ commands: Record<string, unknown>; exit_codes: typeof exitCodes; gate_exit_codes: typeof gateExitCodes }> {
  const commands: Record<string, unknown> = {};
  for (const command of (await loadCommandLine()).commands.sort((a, b) => a.id.localeCompare(b.id))) {
    commands[command.id.replaceAll(':', ' ')] = {
      args: Object.values(command.args).map((arg) => ({ name: arg.name, required: Boolean(arg.required) })),
      flags: Object.fromEntries(
        Object.values(command.flags)
          .sort((a, b) => a.name.localeCompare(b.name))
          .map((flag) => [
            flag.name,
            {
              type: flag.type,
              ...(flag.required ? { required: true } : {}),
              ...(flag.type === 'option' && flag.multiple ? { multiple: true } : {}),
              ...(flag.type === 'option' && flag.options ? { options: flag.options } : {}),
              ...(flag.env ? { env: flag.env } : {}),
              ...(flag.default !== undefined ? { default: flag.default } : {}),
            },
          ]),
      ),
    };
  }
  return { commands, exit_codes: exitCodes, gate_exit_codes: gateExitCodes };
}

describe('the CLI surface (commands, arguments, flags, exit codes)', () => {
  it('matches test/cli/surface.json: review changes there, then run with UPDATE_CLI_SURFACE=1', async () => {
    const surface = await currentSurface();
    if (process.env.UPDATE_CLI_SURFACE) writeFileSync(snapshotFile, `${JSON.stringify(surface, null, 2)}\n`);
    expect(surface).to.deep.equal(JSON.parse(readFileSync(snapshotFile, 'utf8')));
  });
});
