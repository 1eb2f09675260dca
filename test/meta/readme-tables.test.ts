import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { configurationOptionEntries } from '../../server/src/config/options.js';
import { renderConfigTable } from '../../server/src/domains/meta/config-table.js';
import { renderScopeTable } from '../../server/src/domains/meta/scope-table.js';
import { readGeneratedBlock, repoRoot } from '../../scripts/doc-blocks.js';
import { startTestApp } from '../helpers/app.js';

const doc = (relative: string): string => readFileSync(path.join(repoRoot, relative), 'utf8');

describe('the generated tables of the docs', () => {
  it('docs/api.md has the scope table of the route table (run `npm run docs:scopes` when this fails)', async () => {
    const t = await startTestApp();
    try {
      const expected = renderScopeTable(t.app.routeTable);
      expect(readGeneratedBlock(doc('docs/api.md'), 'scope-table'), 'docs/api.md scope table is stale: run `npm run docs:scopes`').to.equal(expected);
    } finally {
      await t.close();
    }
  });

  it('docs/configuration.md has the configuration table of server/src/config/options.ts (run `npm run docs:config` when this fails)', () => {
    expect(
      readGeneratedBlock(doc('docs/configuration.md'), 'config-table'),
      'docs/configuration.md configuration table is stale: run `npm run docs:config`',
    ).to.equal(renderConfigTable(configurationOptionEntries));
  });
});
