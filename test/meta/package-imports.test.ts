import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { repoRoot } from '../cli/run-cli.js';

/**
 * The two packages users install (ARCHITECTURE.md, "Packages"): @acctl/cli carries no server, so it
 * imports nothing of server/; both command lines stand on the command kit (kit/), the server
 * package's commands on nothing of cli/, and the rest of the server not even on the kit. The lint rules see static
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

  it('the server commands import nothing of cli/, and the command kit only through kit/src/index.ts, as the CLI does', () => {
    const serverCommands = importSites('server/src/cli');
    expect(listed(serverCommands.filter(({ target }) => target.startsWith('cli/')))).to.deep.equal([]);
    for (const sites of [serverCommands, importSites('cli/src')]) {
      const kit = sites.filter(({ target }) => target.startsWith('kit/'));
      expect(kit.length, 'both command lines are expected to stand on the kit').to.be.greaterThan(5);
      expect(listed(kit.filter(({ target }) => target !== 'kit/src/index.js'))).to.deep.equal([]);
    }
  });

  it('the kit imports nothing of cli/ or server/', () => {
    expect(listed(importSites('kit/src').filter(({ target }) => target.startsWith('cli/') || target.startsWith('server/')))).to.deep.equal([]);
  });

  it('the rest of server/src imports nothing from cli/', () => {
    const sites = importSites('server/src').filter(({ site }) => !site.startsWith('server/src/cli/'));
    expect(listed(sites.filter(({ target }) => target.startsWith('cli/')))).to.deep.equal([]);
  });
});
