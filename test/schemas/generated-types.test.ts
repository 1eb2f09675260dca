import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { generateSchemaTypes } from '../../scripts/schema-types.js';

describe('core/src/generated/schema-types.ts', () => {
  it('is what `npm run gen:types` makes from schemas/ today', async () => {
    const committed = readFileSync(new URL('../../core/src/generated/schema-types.ts', import.meta.url), 'utf8');
    const fresh = await generateSchemaTypes();
    expect(committed === fresh, 'core/src/generated/schema-types.ts is stale: run `npm run gen:types` and commit the result').to.equal(true);
  });
});
