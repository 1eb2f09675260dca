import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import {
  compilePolicySet,
  evaluate,
  simulatePolicy,
  type EngineDecision,
  type EnginePolicy,
  type EngineRequest,
  type MatchedRule,
} from '../../../core/src/index.js';

/**
 * Policies written before the language grew (#32) decide as they did: policies-example/ of 197a354
 * and its engine's decisions over a grid of requests (every check of its test files, the same with
 * context values and principal attributes left out, and at more instants), recorded by
 * scripts/policies-example-replay-fixture.ts, replayed here with today's engine. The policies come
 * from the fixture, not from today's policies-example/, which has moved on.
 */
interface Fixture {
  commit: string;
  policies: EnginePolicy[];
  /** `active`, or a test file naming the policies it evaluates; `alone: NAME` is the policy simulated alone. */
  sets: Record<string, string[]>;
  requests: Array<{ id: string; at: string; request: EngineRequest; decisions: Record<string, EngineDecision> }>;
}

const fixture = JSON.parse(readFileSync(new URL('fixtures/policies-example-197a354.json', import.meta.url), 'utf8')) as Fixture;

/**
 * The one change the language made to old policies (docs/policy-language.md, "Unknown is never
 * permissive"): contractor-restrictions denies principals whose `employment` is `contractor`, and a
 * request without `employment` used to escape it; the deny now applies. Each request below lacks
 * `employment` (left out by the grid, or never given by break-glass.test.yaml, whose principals are
 * evaluated here against the active set) and asks for a production or PHI database or the admin console.
 */
const employmentUnknown = {
  policy: 'contractor-restrictions',
  line: 'principal attribute employment missing',
  requests: [
    'admin-console.test.yaml test 0: admin admin console, without principal.attributes.employment',
    'admin-console.test.yaml test 1: admin admin console, without principal.attributes.employment',
    'admin-console.test.yaml test 2: admin configure console, without principal.attributes.employment',
    'admin-console.test.yaml test 3: admin impersonate console, without principal.attributes.employment',
    'admin-console.test.yaml test 4: developer admin console, without principal.attributes.employment',
    'admin-console.test.yaml test 5: oncall-engineer admin console, without principal.attributes.employment',
    'break-glass.test.yaml test 0: oncall-engineer admin console, without context',
    'break-glass.test.yaml test 0: oncall-engineer admin console, without context.mfa_verified',
    'break-glass.test.yaml test 0: oncall-engineer admin console, without principal.attributes.oncall',
    'break-glass.test.yaml test 0: oncall-engineer admin console, without principal.attributes.role',
    'break-glass.test.yaml test 1: oncall-engineer admin console',
    'break-glass.test.yaml test 1: oncall-engineer admin console, without principal.attributes.oncall',
    'break-glass.test.yaml test 1: oncall-engineer admin console, without principal.attributes.role',
    'break-glass.test.yaml test 2: engineer configure console',
    'break-glass.test.yaml test 2: engineer configure console, without principal.attributes.role',
    'break-glass.test.yaml test 2: engineer impersonate console',
    'break-glass.test.yaml test 2: oncall-engineer configure console',
    'break-glass.test.yaml test 2: oncall-engineer impersonate console',
    'contractor-restrictions.test.yaml test 0: contractor-dba read orders-db, without principal.attributes.employment',
    'contractor-restrictions.test.yaml test 1: contractor-dba write orders-db, without principal.attributes.employment',
    'contractor-restrictions.test.yaml test 2: employee-dba write orders-db, without principal.attributes.employment',
    'contractor-restrictions.test.yaml test 4: contractor-nurse read patients-db, without principal.attributes.employment',
    'patient-records.test.yaml test 0: clinician read patients, without principal.attributes.employment',
    'patient-records.test.yaml test 1: clinician read patients, without principal.attributes.employment',
    'patient-records.test.yaml test 2: nurse read patients, without principal.attributes.employment',
    'patient-records.test.yaml test 3: clinician write notes, without principal.attributes.employment',
    'patient-records.test.yaml test 4: clinician write notes, without principal.attributes.employment',
    'patient-records.test.yaml test 5: nurse write notes, without principal.attributes.employment',
    'patient-records.test.yaml test 6: receptionist read patients, without principal.attributes.employment',
    'prod-databases.test.yaml test 0: engineer read orders-db, without principal.attributes.employment',
    'prod-databases.test.yaml test 1: engineer read orders-db, without principal.attributes.employment',
    'prod-databases.test.yaml test 2: engineer read orders-db, without principal.attributes.employment',
    'prod-databases.test.yaml test 3: marketer read orders-db, without principal.attributes.employment',
    'prod-databases.test.yaml test 6: dba write orders-db, without principal.attributes.employment',
    'prod-databases.test.yaml test 7: dba write orders-db, without principal.attributes.employment',
    'prod-databases.test.yaml test 8: dba write orders-db, without principal.attributes.employment',
    'prod-databases.test.yaml test 9: engineer write orders-db, without principal.attributes.employment',
    'prod-databases.test.yaml test 10: dba delete orders-db, without principal.attributes.employment',
    'prod-databases.test.yaml test 11: dba delete orders-db, without principal.attributes.employment',
    'prod-databases.test.yaml test 12: dba delete orders-db, without principal.attributes.employment',
  ],
};

const byName = new Map(fixture.policies.map((policy) => [policy.name, policy]));
const compiledSets = new Map(Object.entries(fixture.sets).map(([name, members]) => [name, compilePolicySet(members.map((member) => byName.get(member)!))]));

/** Each recorded decision beside today's for the same set, request and time. */
const replays = fixture.requests.flatMap(({ id, at, request, decisions }) =>
  Object.entries(decisions).map(([set, then]) => {
    const alone = set.startsWith('alone: ') ? byName.get(set.slice('alone: '.length)) : undefined;
    const now = alone ? simulatePolicy(alone, request, new Date(at)) : evaluate(compiledSets.get(set)!, request, new Date(at));
    return { label: `${id} [${set}]`, id, then, now };
  }),
);
const changed = new Set(employmentUnknown.requests);

const ruleKey = (rule: Pick<MatchedRule, 'policy_name' | 'rule_index'>): string => `rule ${rule.rule_index} of policy ${rule.policy_name}`;

describe(`engine: policies-example of ${fixture.commit.slice(0, 7)} decides as it did then (fixtures/policies-example-197a354.json)`, () => {
  it('replays a few hundred requests over the active set, the sets test files name, and each policy alone', () => {
    expect(fixture.requests.length).to.be.within(200, 600);
    expect(new Set(fixture.requests.map((entry) => entry.id)).size, 'request names are unique').to.equal(fixture.requests.length);
    expect(replays.filter((replay) => replay.label.endsWith('[active]'))).to.have.length(fixture.requests.length);
    expect(Object.keys(fixture.sets)).to.include('break-glass.test.yaml');
  });

  it('gives every request the same decision, matched rules (conditions met included), explanation and policy versions, but the listed ones', () => {
    const differences = replays
      .filter((replay) => !changed.has(replay.id))
      .flatMap(({ label, then, now }) =>
        (['decision', 'matched_rules', 'explanation', 'policy_versions'] as const)
          .filter((field) => JSON.stringify(now[field]) !== JSON.stringify(then[field]))
          .map((field) => `${label}: ${field} ${JSON.stringify(then[field])} is now ${JSON.stringify(now[field])}`),
      );
    expect(differences).to.deep.equal([]);
  });

  it('changes the listed requests only by the contractor deny that a missing employment no longer escapes', () => {
    const problems: string[] = [];
    for (const id of employmentUnknown.requests) {
      const ofRequest = replays.filter((replay) => replay.id === id);
      if (ofRequest.length === 0) problems.push(`${id}: not in the fixture`);
      if (ofRequest.every(({ then, now }) => JSON.stringify(then.matched_rules) === JSON.stringify(now.matched_rules)))
        problems.push(`${id}: decided as before, so it is listed for nothing`);
      for (const { label, then, now } of ofRequest) {
        const added = now.matched_rules.filter((rule) => !then.matched_rules.some((old) => ruleKey(old) === ruleKey(rule)));
        const kept = now.matched_rules.filter((rule) => !added.includes(rule));
        if (JSON.stringify(kept) !== JSON.stringify(then.matched_rules)) problems.push(`${label}: a rule matched then is missing or changed`);
        for (const rule of added)
          if (rule.effect !== 'deny' || rule.policy_name !== employmentUnknown.policy || !rule.conditions_met.includes(employmentUnknown.line))
            problems.push(`${label}: ${ruleKey(rule)} applies for another reason: ${rule.conditions_met.join('; ')}`);
        if (added.length > 0 && now.decision !== 'deny') problems.push(`${label}: ${now.decision} despite the deny`);
        if (added.length === 0 && now.decision !== then.decision) problems.push(`${label}: ${then.decision} is now ${now.decision}`);
        expect(now.policy_versions, label).to.deep.equal(then.policy_versions);
      }
    }
    expect(problems).to.deep.equal([]);
  });

  it('says why the same rules did not apply: word for word, or with the tests the old engine stopped before', () => {
    // The old engine stopped at a principal attribute that did not fit; today's checks every test of
    // a rule and names what is false before what is unknown, so such a reason gains lines and may
    // reorder them. Every other reason reads as it did.
    const problems: string[] = [];
    const reasonsByRule = (reasons: string[]): Map<string, string[]> =>
      new Map(
        reasons.map((reason) => {
          const [rule, why = ''] = reason.split(' did not apply: ');
          return [rule!, why.split('; ')];
        }),
      );
    for (const { label, then, now } of replays) {
      const nowByRule = reasonsByRule(now.reasons);
      const matchedNow = new Set(now.matched_rules.map(ruleKey));
      for (const [rule, clauses] of reasonsByRule(then.reasons)) {
        const clausesNow = nowByRule.get(rule);
        if (clausesNow === undefined) {
          if (!matchedNow.has(rule)) problems.push(`${label}: no reason given for ${rule}`);
          continue;
        }
        const gainsOrReorders = clauses.some((clause) => clause.startsWith('principal attribute ') || clause.includes(' missing'));
        const same = gainsOrReorders ? clauses.every((clause) => clausesNow.includes(clause)) : clauses.join('; ') === clausesNow.join('; ');
        if (!same) problems.push(`${label}: ${rule}: "${clauses.join('; ')}" is now "${clausesNow.join('; ')}"`);
      }
      const extra = [...nowByRule.keys()].filter((rule) => !then.reasons.some((reason) => reason.startsWith(`${rule} did not apply`)));
      if (extra.length > 0) problems.push(`${label}: new reasons for ${extra.join(', ')}`);
    }
    expect(problems).to.deep.equal([]);
  });
});
