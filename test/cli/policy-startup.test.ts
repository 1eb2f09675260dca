import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { staticImportClosure } from './import-closure.js';
import { repoRoot } from './run-cli.js';

describe('acctl policy commands at startup', () => {
  // Without an oclif manifest (development, tests) every command file is imported to list the
  // commands, so whatever a command imports at the top is paid by every other command too.
  const commandsDir = path.join(repoRoot, 'cli', 'src', 'commands', 'policy');
  for (const name of readdirSync(commandsDir).filter((file) => file.endsWith('.ts'))) {
    it(`policy ${name.replace(/\.ts$/, '')} loads the YAML parser, schemas and engine only when it runs`, () => {
      const { files, packages } = staticImportClosure(path.join(commandsDir, name));
      expect([...packages]).to.not.include('yaml');
      expect([...packages]).to.not.include('ajv');
      const relative = [...files].map((file) => path.relative(repoRoot, file).split(path.sep).join('/'));
      expect(relative.filter((file) => file.startsWith('core/src/'))).to.deep.equal([]);
      // command-support.ts is the light entry the file commands share; the server-backed commands (list, get...) need none.
      expect(relative.filter((file) => file.startsWith('cli/src/policy-files/') && file !== 'cli/src/policy-files/command-support.ts')).to.deep.equal([]);
    });
  }
});
