import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { configFromEnv, makeConfig } from '../../server/src/config/config.js';
import { defaults } from '../../server/src/config/defaults.js';
import { configurationOptions } from '../../server/src/config/options.js';
import { renderConfigTable } from '../../server/src/domains/meta/config-table.js';
import { renderScopeTable } from '../../server/src/domains/meta/scope-table.js';
import ServerStart from '../../cli/src/commands/server/start.js';
import { readGeneratedBlock, repoRoot } from '../../scripts/doc-blocks.js';
import { startTestApp } from '../helpers/app.js';

const doc = (relative: string): string => readFileSync(path.join(repoRoot, relative), 'utf8');
const serverSource = path.join(repoRoot, 'server', 'src');

/** Every environment variable that server/src reads: `env.NAME`, `env['NAME']` and `int('NAME')` in config.ts. */
function environmentVariablesRead(dir = serverSource): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      for (const name of environmentVariablesRead(full)) names.add(name);
      continue;
    }
    if (!entry.name.endsWith('.ts')) continue;
    const source = readFileSync(full, 'utf8');
    for (const match of source.matchAll(/\benv\.([A-Z][A-Z0-9_]*)|\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]|\bint\('([A-Z][A-Z0-9_]*)'\)/g)) {
      names.add((match[1] ?? match[2] ?? match[3])!);
    }
  }
  return names;
}

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
    expect(readGeneratedBlock(doc('docs/configuration.md'), 'config-table'), 'docs/configuration.md configuration table is stale: run `npm run docs:config`').to.equal(
      renderConfigTable(configurationOptions),
    );
  });
});

describe('configuration options (server/src/config/options.ts)', () => {
  it('documents every option of defaults.ts, with the default found there', () => {
    for (const [name, value] of Object.entries(defaults)) {
      const option = configurationOptions.find((candidate) => candidate.name === name);
      expect(option, `defaults.${name} has no entry in configurationOptions`).to.not.equal(undefined);
      expect(option!.defaultValue, name).to.equal(value);
    }
  });

  it('documents every setting of a server configuration', () => {
    const config = makeConfig({ databaseUrl: 'postgres://localhost/acctl', keyEncryptionKey: Buffer.alloc(32).toString('base64') });
    const settings = Object.keys(config).filter((key) => key !== 'bootstrap');
    const documented = configurationOptions.map((option) => option.name);
    expect(documented).to.include.members(settings);
  });

  it('lists exactly the environment variables the server reads', () => {
    const documented = configurationOptions.flatMap((option) => option.envVars);
    expect(documented, 'each environment variable once').to.have.lengthOf(new Set(documented).size);
    expect(documented).to.have.members([...environmentVariablesRead()]);
  });

  it('maps each environment variable read by configFromEnv to the option it documents', () => {
    for (const option of configurationOptions) {
      if (option.name === 'dataDir') continue; // read by startServer, not part of Config
      for (const variable of option.envVars) {
        const sample = typeof option.defaultValue === 'number' ? '4242' : typeof option.defaultValue === 'boolean' ? 'true' : 'sample-value';
        const read = configFromEnv({ [variable]: sample }) as Record<string, unknown>;
        const [group, member] = option.name.split('.');
        const value = member ? (read[group!] as Record<string, unknown> | undefined)?.[member] : read[group!];
        expect(value, `${variable} should set ${option.name}`).to.not.equal(undefined);
      }
    }
  });

  it('names only flags that `acctl server start` has, and every flag it has', () => {
    const flags = ServerStart.flags as Record<string, { env?: string }>;
    const documented = configurationOptions.filter((option) => option.cliFlag !== undefined);
    for (const option of documented) {
      const flag = flags[option.cliFlag!.replace(/^--/, '')];
      expect(flag, `${option.cliFlag} (${option.name}) is not a flag of acctl server start`).to.not.equal(undefined);
      if (flag!.env !== undefined) expect(option.envVars, `${option.cliFlag} reads ${flag!.env}`).to.include(flag!.env);
    }
    expect(documented.map((option) => option.cliFlag!.replace(/^--/, ''))).to.have.members(Object.keys(flags));
  });
});
