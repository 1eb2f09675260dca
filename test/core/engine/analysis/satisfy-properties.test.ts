import { expect } from 'chai';
import fc from 'fast-check';
import { findRuleApplication, prepareCondition, reachableTruths, type EngineRequest, type PolicyRule } from '../../../../core/src/index.js';
import { addressesResource, applyRule, prepareRule } from '../../../../core/src/engine/rule.js';
import { condition, instant, literalsOf, now, requests, rule, sendable } from '../support/random-policies.js';

/**
 * findRuleApplication and reachableTruths (lint's unreachable-rule and condition-never-holds) against
 * the engine, on random rules and conditions (the generators of the access analysis's properties):
 * every request found is one the engine's applyRule applies the rule to, at the instant found; when
 * the answer is "no request", no random request built from the rule's own literals, at any instant
 * drawn, makes it apply; and no such request gives a condition a truth reachableTruths left out.
 */

/** The rule applies to the request as the engine decides: it addresses its resource and action, then its targets and conditions hold. */
function applies(rule: PolicyRule, request: EngineRequest, at: Date): boolean {
  const prepared = prepareRule(rule);
  return addressesResource(prepared, request) && applyRule(prepared, request, at).applies;
}

/** Requests from the literals that the API accepts (the analysis answers over those), each with an instant of its own. */
function drawn(value: unknown, seed: number, instants: fc.Stream<number>): Array<[EngineRequest, Date]> {
  return fc
    .sample(requests([...literalsOf(value)]), { numRuns: 60, seed })
    .filter(sendable)
    .map((request) => [request, new Date(instants.next().value)]);
}

describe('analysis: findRuleRequest and reachableTruths agree with the engine (property-based)', () => {
  it('every request found makes the rule apply, and "no request" holds for every request tried', () => {
    fc.assert(
      fc.property(rule, fc.nat(), fc.infiniteStream(instant), (random, seed, instants) => {
        const found = findRuleApplication(random, { now });
        if (found === undefined) return;
        if (found !== null) {
          expect(applies(random, found.request, found.at), `found ${JSON.stringify(found)} for ${JSON.stringify(random)}`).to.equal(true);
          return;
        }
        for (const [request, at] of drawn(random, seed, instants))
          expect(
            applies(random, request, at),
            `"no request", yet ${JSON.stringify(request)} at ${at.toISOString()} applies ${JSON.stringify(random)}`,
          ).to.equal(false);
      }),
      { numRuns: 300 },
    );
  });

  it('no request tried gives a condition a truth reachableTruths leaves out', () => {
    fc.assert(
      fc.property(condition, fc.nat(), fc.infiniteStream(instant), (random, seed, instants) => {
        const truths = reachableTruths(random, { now });
        if (truths === undefined) return;
        expect(truths.size, JSON.stringify(random)).to.be.greaterThan(0);
        const evaluate = prepareCondition(random);
        for (const [request, at] of drawn(random, seed, instants)) {
          const truth = evaluate(request, at).truth;
          expect(
            truths.has(truth),
            `${truth} for ${JSON.stringify(request)} at ${at.toISOString()}, left out of ${[...truths].join(', ')}: ${JSON.stringify(random)}`,
          ).to.equal(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
