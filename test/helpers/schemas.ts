import { expect } from 'chai';
import { validatorFor } from '../../core/src/index.js';

/** Asserts that a response body matches its schema in schemas/ (the contract the docs publish). */
export function expectSchema(name: string, value: unknown): void {
  const validate = validatorFor(name);
  const ok = validate(value);
  expect(ok, `${name}: ${JSON.stringify(validate.errors)}\n${JSON.stringify(value)}`).to.equal(true);
}
