import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import ServerStart from '../../server/src/cli/commands/start.js';
import { configFromEnv, makeConfig } from '../../server/src/config/config.js';
import { defaults } from '../../server/src/config/defaults.js';
import { optionFlagName } from '../../server/src/config/option-kinds.js';
import { configurationOptionEntries } from '../../server/src/config/options.js';
import { repoRoot } from '../../scripts/doc-blocks.js';

const serverSource = path.join(repoRoot, 'server', 'src');
const configSource = path.join(serverSource, 'config');
const base = { databaseUrl: 'postgres://localhost/acctl', keyEncryptionKey: Buffer.alloc(32).toString('base64') };
const serverOptions = configurationOptionEntries.filter(([, option]) => !option.startOnly);

/**
 * Environment variables server/src reads by name (`env.NAME`, `env['NAME']`) outside the option
 * table's readers and the commands (server/src/cli: a command's own inputs, such as
 * `acctl server user create`'s ACCTL_USER_PASSWORD, are in docs/cli.md, not server settings).
 */
const commandSource = path.join(serverSource, 'cli');

function environmentVariablesReadByName(dir = serverSource): Set<string> {
  const names = new Set<string>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== configSource && full !== commandSource) for (const name of environmentVariablesReadByName(full)) names.add(name);
    } else if (entry.name.endsWith('.ts')) {
      for (const match of readFileSync(full, 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)|\benv\[['"]([A-Z][A-Z0-9_]*)['"]\]/g))
        names.add((match[1] ?? match[2])!);
    }
  }
  return names;
}

/** The variables configFromEnv looks up, recorded by an environment that answers nothing. */
function environmentVariablesReadByConfigFromEnv(): string[] {
  const read: string[] = [];
  configFromEnv(new Proxy({}, { get: (_target, name) => void read.push(String(name)) }));
  return read;
}

describe('the option table (server/src/config/options.ts)', () => {
  it('declares each environment variable for one option only', () => {
    const declared = configurationOptionEntries.flatMap(([, option]) => option.env);
    expect(declared).to.have.lengthOf(new Set(declared).size);
  });

  it('is what configFromEnv reads: the variables of every server option, in order, and no other', () => {
    expect(environmentVariablesReadByConfigFromEnv()).to.deep.equal(serverOptions.flatMap(([, option]) => option.env));
  });

  it('declares every environment variable that the rest of the server reads by name', () => {
    expect(configurationOptionEntries.flatMap(([, option]) => option.env)).to.include.members([...environmentVariablesReadByName()]);
  });

  it('sets each server option from each of its environment variables', () => {
    for (const [name, option] of serverOptions) {
      for (const variable of option.env) {
        const sample = typeof option.default === 'number' ? '4242' : typeof option.default === 'boolean' ? 'true' : 'sample-value';
        const read = configFromEnv({ [variable]: sample }) as Record<string, unknown>;
        const [group, member] = name.split('.') as [string, string | undefined];
        const value = member ? (read[group] as Record<string, unknown> | undefined)?.[member] : read[group];
        expect(value, `${variable} should set ${name}`).to.not.equal(undefined);
      }
    }
  });

  it("takes the first of an option's variables that is set, an empty one counting as unset", () => {
    expect(configFromEnv({ PORT: '9001', ACCTL_PORT: '9002' }).port).to.equal(9001);
    expect(configFromEnv({ PORT: '', ACCTL_PORT: '9002' }).port).to.equal(9002);
    expect(configFromEnv({ ACCTL_HOST: '' }).host).to.equal(undefined);
  });

  it('is every setting of a server configuration, each group an object of its members', () => {
    const config = makeConfig(base) as unknown as Record<string, unknown>;
    const topLevel = serverOptions.map(([name]) => name.split('.')[0]!);
    expect(Object.keys(config)).to.have.members([...new Set(topLevel)]);
    expect(config).to.not.have.property('dataDir');
  });

  it('gives makeConfig every default it fills, and defaults.ts every default that is one value', () => {
    const config = makeConfig(base) as unknown as Record<string, unknown>;
    for (const [name, option] of serverOptions) {
      if (option.default === undefined || typeof option.default === 'function') continue;
      expect(config[name], name).to.deep.equal(option.default);
      expect((defaults as Record<string, unknown>)[name], name).to.deep.equal(option.default);
    }
    expect(defaults.dataDir).to.equal('.acctl');
  });

  it('gives acctl server start its flags: one per option that declares one, with its description, variable and default', async () => {
    const flags = ServerStart.flags as Record<string, { summary?: string; env?: string; defaultHelp?: () => Promise<string> }>;
    const withFlags = configurationOptionEntries.filter(([, option]) => option.flag !== undefined);
    expect(Object.keys(flags)).to.have.members(withFlags.map(([name]) => optionFlagName(name)));
    for (const [name, option] of withFlags) {
      const flag = flags[optionFlagName(name)]!;
      expect(flag.summary, name).to.equal(option.description);
      expect(flag.env, name).to.equal(option.env[0]);
      if (typeof option.default !== 'function' && option.default !== undefined) expect(await flag.defaultHelp?.(), name).to.equal(String(option.default));
    }
  });
});
