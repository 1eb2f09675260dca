import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { repoRoot } from '../cli/run-cli.js';

/**
 * The CLI stands on the server only through its admin facade (STYLE.md "admin/"): server/src/admin
 * owns each administrative transaction, and everything else in server/src may change without the
 * CLI noticing. The lint rule sees static imports only; this counts every site.
 */
const cliSource = path.join(repoRoot, 'cli', 'src');
const serverSource = path.join(repoRoot, 'server', 'src');
const adminEntry = path.join(serverSource, 'admin', 'index.js');

/** Sites elsewhere in server/src the CLI may still import (the process start, say). */
const maxSitesOutsideTheFacade = 3;

/** Every import site in cli/src that names a file of server/src: static, type-only, re-exported or dynamic. */
function serverImportSites(): Array<{ site: string; target: string }> {
  const sites: Array<{ site: string; target: string }> = [];
  const files = readdirSync(cliSource, { recursive: true, encoding: 'utf8' }).filter((file) => /\.tsx?$/.test(file));
  for (const file of files) {
    const lines = readFileSync(path.join(cliSource, file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      for (const match of line.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)'(\.[^']+)'/g)) {
        const target = path.resolve(cliSource, path.dirname(file), match[1]!);
        if (target.startsWith(serverSource + path.sep))
          sites.push({ site: `cli/src/${file.split(path.sep).join('/')}:${index + 1}`, target: path.relative(repoRoot, target).split(path.sep).join('/') });
      }
    });
  }
  return sites;
}

describe('the CLI reaches the server through server/src/admin/index.ts', () => {
  it('finds the import sites it counts (the admin commands import the facade)', () => {
    expect(serverImportSites().filter(({ target }) => target === 'server/src/admin/index.js').length).to.be.greaterThan(5);
  });

  it(`imports anything else of server/src at ${maxSitesOutsideTheFacade} sites at most`, () => {
    const elsewhere = serverImportSites().filter(({ target }) => path.join(repoRoot, target) !== adminEntry);
    const listed = elsewhere.map(({ site, target }) => `${site} imports ${target}`).join('\n');
    expect(elsewhere.length, `go through server/src/admin/index.ts instead:\n${listed}`).to.be.at.most(maxSitesOutsideTheFacade);
  });
});
