import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { compareAccess, type AccessVerdict, type PolicyRule } from '../../../../core/src/index.js';
import { loadCases } from '../../../policy-files/support/cases.js';

interface AccessCase {
  name: string;
  before: PolicyRule[];
  after: PolicyRule[];
  widens: 'yes' | 'no' | 'unknown';
  narrows: 'yes' | 'no' | 'unknown';
  example?: Record<string, unknown>;
}

/** A Sunday: the horizon starts here, so every weekday and both DST changes of Europe lie ahead. */
const now = new Date('2026-03-01T00:00:00Z');

const cases = loadCases<{ cases: AccessCase[] }>('access-change.cases.yaml', path.join(path.dirname(fileURLToPath(import.meta.url)), 'cases')).cases;

/** The value at a dotted path of an example (`principal.attributes.team`, `at`). */
function valueAt(example: object, dotted: string): unknown {
  if (dotted === 'at') return (example as { at: string }).at;
  return dotted.split('.').reduce<unknown>((holder, key) => (holder as Record<string, unknown> | undefined)?.[key], (example as { request: unknown }).request);
}

const described = (verdict: AccessVerdict) => JSON.stringify(verdict);

describe('analysis: compareAccess for each condition type and operator (cases/access-change.cases.yaml)', () => {
  for (const accessCase of cases) {
    it(`${accessCase.name}: widens ${accessCase.widens}, narrows ${accessCase.narrows}`, () => {
      const policy = (rules: PolicyRule[]) => (rules.length === 0 ? [] : [{ id: 'p', version: 1, name: 'p', rules }]);
      const { widens, narrows } = compareAccess(policy(accessCase.before), policy(accessCase.after), { now });
      expect(widens.status, `widens: ${described(widens)}`).to.equal(accessCase.widens);
      expect(narrows.status, `narrows: ${described(narrows)}`).to.equal(accessCase.narrows);
      if (accessCase.example === undefined) return;
      const verdict = widens.status === 'yes' ? widens : narrows;
      if (verdict.status !== 'yes') throw new Error('a case with an example must widen or narrow');
      for (const [dotted, value] of Object.entries(accessCase.example))
        expect(valueAt(verdict.examples[0]!, dotted), `${dotted} in ${JSON.stringify(verdict.examples[0])}`).to.deep.equal(value);
    });
  }
});
