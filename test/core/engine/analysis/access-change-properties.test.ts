import { expect } from 'chai';
import fc from 'fast-check';
import { compareAccess, evaluateByScan, type EnginePolicy, type EngineRequest, type PolicyRule } from '../../../../core/src/index.js';
import { condition, instant, literalsOf, now, policies, requests, rule, sendable } from '../support/random-policies.js';

/** A mutation of the set, as a change in a pull request makes one. */
function mutation(set: EnginePolicy[]): fc.Arbitrary<EnginePolicy[]> {
  const at = fc.nat({ max: set.length - 1 });
  const replaceRules = (index: number, rules: PolicyRule[]) => set.map((policy, n) => (n === index ? { ...policy, version: 2, rules } : policy));
  return fc.oneof(
    fc.tuple(at, rule).map(([index, added]) => replaceRules(index, [...set[index]!.rules, added])),
    at.map((index) => (set[index]!.rules.length > 1 ? replaceRules(index, set[index]!.rules.slice(1)) : set.filter((_, n) => n !== index))),
    at.map((index) =>
      replaceRules(
        index,
        set[index]!.rules.map((r) => ({ ...r, effect: r.effect === 'allow' ? 'deny' : 'allow' })),
      ),
    ),
    fc.tuple(at, condition).map(([index, changed]) =>
      replaceRules(
        index,
        set[index]!.rules.map((r, n) => (n === 0 ? { ...r, conditions: [changed] } : r)),
      ),
    ),
    at.map((index) => set.filter((_, n) => n !== index)),
  );
}

/**
 * compareAccess against the engine, both ways, on random small policy sets and a mutation of them
 * (a rule added or removed, a condition's value or operator changed, an effect flipped, a policy
 * deleted): when it says "cannot widen" (or narrow), no random request at any instant of the horizon
 * flips that way, requests built from the policies' own literals and with values left out included;
 * and every example it gives flips under the reference evaluation (evaluateByScan).
 */
describe('analysis: compareAccess agrees with the engine (property-based)', () => {
  it('"cannot widen" and "cannot narrow" hold for every request tried, and every example flips', () => {
    const scenario = policies.chain((before) => fc.tuple(fc.constant(before), mutation(before)));
    fc.assert(
      fc.property(scenario, fc.infiniteStream(fc.tuple(instant, fc.nat())), ([before, after], draws) => {
        const verdicts = compareAccess(before, after, { now, examples: 3 });
        const decide = (set: EnginePolicy[], request: EngineRequest, at: Date) => evaluateByScan(set, request, at).decision;
        for (const [name, verdict, from, to] of [
          ['widens', verdicts.widens, before, after],
          ['narrows', verdicts.narrows, after, before],
        ] as const) {
          if (verdict.status === 'yes') {
            for (const example of verdict.examples) {
              // As the API takes it (schemas/simulation-request.json): an example can be sent as it is.
              expect(sendable(example.request), `${name} example refused by the request schema: ${JSON.stringify(example)}`).to.equal(true);
              const at = new Date(example.at);
              expect([decide(from, example.request, at), decide(to, example.request, at)], `${name} example ${JSON.stringify(example)}`).to.deep.equal([
                'deny',
                'allow',
              ]);
            }
          }
          if (verdict.status !== 'no') continue;
          const literals = [...literalsOf([before, after])];
          // Requests the API accepts: the analysis answers over those (request-kinds.ts).
          const sample = fc.sample(requests(literals), { numRuns: 60, seed: draws.next().value[1] }).filter(sendable);
          sample.forEach((request, index) => {
            const at = new Date(draws.next().value[0]);
            const flipped = decide(from, request, at) === 'deny' && decide(to, request, at) === 'allow';
            expect(
              flipped,
              `${name} is "no", yet ${JSON.stringify(request)} at ${at.toISOString()} flips (${index}): ${JSON.stringify({ before, after })}`,
            ).to.equal(false);
          });
        }
      }),
      { numRuns: 150 },
    );
  });
});
