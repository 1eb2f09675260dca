import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'chai';
import { makeConfig } from '../../server/src/config/config.js';
import { configurationOptionEntries } from '../../server/src/config/options.js';
import { configurationSchema } from '../../server/src/config/schema.js';

const base = { databaseUrl: 'postgres://localhost/acctl', keyEncryptionKey: Buffer.alloc(32).toString('base64') };
const validate = new Ajv2020({ strict: true, allErrors: true }).compile(configurationSchema);
const properties = configurationSchema.properties as Record<
  string,
  { description?: string; default?: unknown; properties?: Record<string, { description?: string }>; dependentRequired?: unknown }
>;

describe('the JSON Schema of the configuration (server/src/config/schema.ts)', () => {
  it('is a strict draft 2020-12 schema that a configuration makeConfig returns matches', () => {
    expect(validate(makeConfig(base)), JSON.stringify(validate.errors)).to.equal(true);
    expect(
      validate(makeConfig({ ...base, bootstrap: { adminUsername: 'admin', adminPassword: 'a long password' } })),
      JSON.stringify(validate.errors),
    ).to.equal(true);
  });

  it("has a property for each option of a running server, in the table's order, with its description and default", () => {
    const expectedOrder = [...new Set(configurationOptionEntries.filter(([, option]) => !option.startOnly).map(([name]) => name.split('.')[0]!))];
    expect(Object.keys(properties)).to.deep.equal(expectedOrder);
    expect(configurationSchema.required).to.deep.equal(expectedOrder);
    for (const [name, option] of configurationOptionEntries) {
      if (option.startOnly) continue;
      const [group, member] = name.split('.') as [string, string | undefined];
      const property = member ? properties[group]!.properties![member]! : properties[name]!;
      expect(property.description, name).to.equal(option.description);
      if (typeof option.default !== 'function') expect((property as { default?: unknown }).default, name).to.deep.equal(option.default);
    }
  });

  it('leaves out the start-only data folder, and pairs the bootstrap members', () => {
    expect(properties).to.not.have.property('dataDir');
    expect(properties.bootstrap!.dependentRequired).to.deep.equal({
      clientId: ['clientSecret'],
      clientSecret: ['clientId'],
      adminUsername: ['adminPassword'],
      adminPassword: ['adminUsername'],
    });
  });

  it('refuses a setting it does not know', () => {
    expect(validate({ ...makeConfig(base), colour: 'blue' })).to.equal(false);
  });
});
