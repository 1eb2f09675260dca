import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { repoRoot } from '../cli/run-cli.js';

/**
 * The two packages users install (ARCHITECTURE.md, "Packages"): @acctl/cli carries no server, so it
 * imports nothing of server/; the server package's commands stand on the CLI's command kit and on
 * nothing else of cli/, and the rest of the server not even on that. The lint rules see static
 * imports only; this reads every site, type-only, re-exported and dynamic ones too.
 */
interface ImportSite {
  site: string;
  target: string;
}

function importSites(folder: string): ImportSite[] {
  const root = path.join(repoRoot, folder);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .flatMap((file) => {
      const source = readFileSync(path.join(root, file), 'utf8');
      return [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)(['"])(\.[^'"]+)\1/gm)].map((match) => ({
        site: `${folder}/${file.split(path.sep).join('/')}:${source.slice(0, match.index).split('\n').length}`,
        target: path
          .relative(repoRoot, path.resolve(root, path.dirname(file), match[2]!))
          .split(path.sep)
          .join('/'),
      }));
    });
}

const listed = (sites: ImportSite[]): string[] => sites.map(({ site, target }) => `${site} imports ${target}`);

describe('Package boundaries: what each installed package may import', () => {
  it('cli/src imports nothing from server/', () => {
    const sites = importSites('cli/src');
    expect(sites.length, 'no imports found: the scan is broken').to.be.greaterThan(100);
    expect(listed(sites.filter(({ target }) => target.startsWith('server/')))).to.deep.equal([]);
  });

  it('the server commands import cli/ only through cli/src/command-kit.ts, and they do', () => {
    const fromCli = importSites('server/src/cli').filter(({ target }) => target.startsWith('cli/'));
    expect(fromCli.length, 'the server commands are expected to use the command kit').to.be.greaterThan(5);
    expect(listed(fromCli.filter(({ target }) => target !== 'cli/src/command-kit.js'))).to.deep.equal([]);
  });

  it('the rest of server/src imports nothing from cli/', () => {
    const sites = importSites('server/src').filter(({ site }) => !site.startsWith('server/src/cli/'));
    expect(listed(sites.filter(({ target }) => target.startsWith('cli/')))).to.deep.equal([]);
  });
});
