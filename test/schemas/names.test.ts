import { expect } from 'chai';
import { loadSchemas, namePattern, nameProblem, principalKinds, principalTypes, showHidden } from '../../core/src/index.js';
import { createAjv, schemaIdBase } from '../../core/src/index.js';

/** Issue #34: the name rule is said once in schemas/name.json and once in code (core/src/names.ts), and the two agree. */
describe('the name rule (schemas/name.json and core/src/names.ts)', () => {
  const schema = loadSchemas().get('name') as unknown as { pattern: string; format: string };
  const validate = createAjv({ coerce: false }).compile({ $ref: `${schemaIdBase}name.json` });

  it("has the schema's pattern equal core's namePattern, and NFC as its format", () => {
    expect(schema.pattern).to.equal(namePattern);
    expect(schema.format).to.equal('nfc');
  });

  it('decides as the schema does for every code point of the Basic Multilingual Plane, first, inside and last', () => {
    const disagreements: string[] = [];
    for (let code = 0; code <= 0xffff; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue; // lone surrogates: the input boundary refuses them first
      const character = String.fromCharCode(code);
      for (const name of [`${character}ab`, `a${character}b`, `ab${character}`]) {
        if ((nameProblem(name) === undefined) !== validate(name)) disagreements.push(showHidden(JSON.stringify(name)));
      }
    }
    expect(disagreements).to.deep.equal([]);
  });

  it('says which rule a name breaks', () => {
    expect(nameProblem('pay\u202Eroll')).to.equal('holds U+202E, a control, bidirectional or zero-width character that makes it look like another name');
    expect(nameProblem('\t')).to.equal('must not be only spaces');
    expect(nameProblem(' ops')).to.equal('must not have spaces around it');
    expect(nameProblem('019a0c2e-8d1b-7c55-9b7e-1a2b3c4d5e6f')).to.match(/^must not be shaped like an id/);
    expect(nameProblem('x'.repeat(201))).to.equal('must have 1 to 200 characters');
    expect(nameProblem('😀'.repeat(200)), '200 code points, as JSON Schema counts').to.equal(undefined);
    expect(nameProblem('Noe\u0308l')).to.match(/^must be in Unicode Normalization Form C/);
    expect(nameProblem('Noël')).to.equal(undefined);
  });

  it("shows a name's hidden characters as escapes, so a message quoting it cannot be reordered by it", () => {
    expect(showHidden('a\u202Eb\u200Bc e\u0301')).to.equal('a\\u{202E}b\\u{200B}c e\\u{301}');
  });

  it('names the principal types of the kinds schemas/principal-kind.json lists', () => {
    expect(principalKinds).to.deep.equal((loadSchemas().get('principal-kind') as unknown as { enum: string[] }).enum);
    expect(principalTypes).to.deep.equal(['USER', 'SERVICE', 'AGENT']);
  });
});
