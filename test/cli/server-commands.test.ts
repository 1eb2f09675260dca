import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import { commands } from '../../server/src/cli/index.js';
import { repoRoot } from './run-cli.js';

describe('the server package lists its commands (server/src/cli/index.ts)', () => {
  it('lists every file under server/src/cli/commands, each by its path as the id (client/create.ts is client:create)', () => {
    const folder = path.join(repoRoot, 'server', 'src', 'cli', 'commands');
    const fromFiles = readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .map((file) => file.replace(/\.ts$/, '').split(path.sep).join(':'))
      .sort();
    expect(Object.keys(commands).sort()).to.deep.equal(fromFiles);
  });

  it('gives each id the command its file exports', async () => {
    for (const [id, command] of Object.entries(commands)) {
      const file = path.join(repoRoot, 'server', 'src', 'cli', 'commands', `${id.split(':').join('/')}.js`);
      // Compared by what oclif shows (two module instances of one file under tsx are not ===).
      const exported = (await import(pathToFileURL(file).href)).default as typeof command;
      expect([exported.name, exported.summary], id).to.deep.equal([command.name, command.summary]);
    }
  });
});
