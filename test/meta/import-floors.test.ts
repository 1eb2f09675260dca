import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { repoRoot } from '../cli/run-cli.js';

/**
 * The floors of STYLE.md and ARCHITECTURE.md: a low floor imports no high one. events/ (the
 * vocabulary) and plugins/ (infrastructure) sit below the domains, metrics/ below both; core/
 * sits below server/ and cli/. The lint rules (eslint.config.js) say the same for static imports;
 * this reads every site, dynamic and re-exported ones too, so it holds while the linter is not run.
 */
interface ImportSite {
  site: string;
  target: string;
}

/** Every relative import site under `folder`: static, type-only, re-exported, side-effect or dynamic. */
function importSites(folder: string): ImportSite[] {
  const root = path.join(repoRoot, folder);
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  return files.flatMap((file) => {
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

const into = (sites: ImportSite[], floors: string[]): string[] =>
  sites.filter(({ target }) => floors.some((floor) => target.startsWith(`${floor}/`))).map(({ site, target }) => `${site} imports ${target}`);

describe('Import floors: a low floor imports no high one', () => {
  const floors: Array<[string, string[]]> = [
    ['server/src/events', ['server/src/domains']],
    ['server/src/plugins', ['server/src/domains']],
    ['server/src/metrics', ['server/src/domains', 'server/src/plugins']],
    ['core', ['server', 'cli', 'kit']],
    ['kit', ['server', 'cli']],
  ];
  for (const [folder, above] of floors) {
    it(`${folder} imports nothing from ${above.join(' or ')}`, () => {
      const sites = importSites(folder);
      expect(sites.length, `no imports found under ${folder}: the scan is broken`).to.be.greaterThan(0);
      expect(into(sites, above)).to.deep.equal([]);
    });
  }

  it('the scan sees a crossing where there is one (the domains import events/)', () => {
    expect(into(importSites('server/src/domains'), ['server/src/events'])).to.not.be.empty;
  });
});
