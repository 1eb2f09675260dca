/**
 * Records how a checkout's engine decides over its own policies-example/, for a later engine to replay
 * (test/core/engine/policies-example-replay.test.ts): the policies, and for a grid of requests the
 * full decision of the active policies enforced together, of each set a test file names, and of each
 * policy simulated alone. The grid is every principal, resource, action, context and time the test
 * files combine, the same with each context value, the whole context or each principal attribute
 * left out, and at a few more instants that open and close the example's time windows.
 *
 * It reads only the checkout's policies-example/ and its engine entry (core/src/index.ts:
 * compilePolicySet, evaluate, simulatePolicy, which every version since the engine's first has),
 * so it runs against an old checkout from a current one:
 *
 *   git worktree add /tmp/acctl-old 197a354 && (cd /tmp/acctl-old && npm ci)
 *   npx tsx scripts/policies-example-replay-fixture.ts /tmp/acctl-old > test/core/engine/fixtures/policies-example-197a354.json
 *   git worktree remove /tmp/acctl-old
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'yaml';
import type { EngineDecision, EnginePolicy, EngineRequest } from '../core/src/index.js';

/** What the script uses of the checkout's engine. */
interface Engine {
  compilePolicySet(policies: readonly EnginePolicy[]): unknown;
  evaluate(set: unknown, request: EngineRequest, at: Date): EngineDecision;
  simulatePolicy(policy: EnginePolicy, request: EngineRequest, at: Date): EngineDecision;
}

interface PolicyFile {
  name: string;
  status: string;
  rules: EnginePolicy['rules'];
}

interface TestFile {
  policies?: string[];
  at?: string;
  context?: Record<string, unknown>;
  principals?: Record<string, EngineRequest['principal']>;
  resources?: Record<string, EngineRequest['resource']>;
  tests: Array<{ principals: string[]; resources: string[]; actions: string[]; at?: string; context?: Record<string, unknown> }>;
}

/** A request of the grid, named by where it comes from, with the checkout's decisions by set. */
interface GridEntry {
  id: string;
  at: string;
  request: EngineRequest;
  decisions: Record<string, EngineDecision>;
}

/**
 * Instants besides the tests' own, chosen against the example's windows (2026-03-09 is a Monday):
 * 03:00 Sydney and 16:00 UTC; 02:00-04:00 UTC (the change window) and 22:00 Chicago; 02:00 Chicago
 * (the export window) and 18:00 Sydney (the end, excluded); 18:30 Kolkata (the end) and 22:00 Tokyo
 * (the overnight window opens).
 */
const extraInstants = ['2026-03-09T16:00:00Z', '2026-03-10T03:00:00Z', '2026-03-10T07:00:00Z', '2026-03-10T13:00:00Z'];

async function main(checkout: string): Promise<void> {
  const engine = (await import(pathToFileURL(path.join(checkout, 'core/src/index.ts')).href)) as Engine;
  const folder = path.join(checkout, 'policies-example');
  const files = readdirSync(folder)
    .filter((name) => name.endsWith('.yaml') && name !== 'acctl.yaml')
    .sort();
  const policies: Array<EnginePolicy & { status: string }> = [];
  const testFiles: Array<{ file: string; suite: TestFile }> = [];
  for (const file of files) {
    const document: unknown = parse(readFileSync(path.join(folder, file), 'utf8'));
    if (file.endsWith('.test.yaml')) testFiles.push({ file, suite: document as TestFile });
    else {
      const { name, status, rules } = document as PolicyFile;
      // As `acctl policy test` compiles a folder: the name is the id, version 1.
      policies.push({ id: name, version: 1, name, status, rules });
    }
  }

  const sets = new Map<string, string[]>([['active', policies.filter((policy) => policy.status === 'active').map((policy) => policy.name)]]);
  for (const { file, suite } of testFiles) if (suite.policies) sets.set(file, suite.policies);
  const byName = new Map(policies.map((policy) => [policy.name, policy]));
  const compiled = new Map([...sets].map(([name, members]) => [name, engine.compilePolicySet(members.map((member) => byName.get(member)!))]));

  const decide = (request: EngineRequest, at: string): Record<string, EngineDecision> => {
    const decisions: Record<string, EngineDecision> = {};
    for (const [name, set] of compiled) {
      const decision = engine.evaluate(set, request, new Date(at));
      // A named set or a policy alone that has no rule for the request decides nothing worth keeping.
      if (name === 'active' || Object.keys(decision.policy_versions).length > 0) decisions[name] = decision;
    }
    for (const policy of policies) {
      const decision = engine.simulatePolicy(policy, request, new Date(at));
      if (Object.keys(decision.policy_versions).length > 0) decisions[`alone: ${policy.name}`] = decision;
    }
    return decisions;
  };
  const entries = gridOf(testFiles, decide, (name) => byName.get(name)?.rules ?? []);

  const commit = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: checkout, encoding: 'utf8' }).trim();
  const fixture = {
    description:
      "The decisions of policies-example/ at this commit by its own engine, written by scripts/policies-example-replay-fixture.ts; 'active' is the active policies enforced together, a test file's name the set it names, 'alone: NAME' the policy simulated alone.",
    commit,
    policies,
    sets: Object.fromEntries(sets),
    requests: entries,
  };
  process.stdout.write(fixtureText(fixture));
  console.error(`${entries.length} requests, ${entries.reduce((sum, entry) => sum + Object.keys(entry.decisions).length, 0)} decisions, commit ${commit}`);
}

/**
 * Every check of the test files, then variants of each test's first check, each request once (the
 * first name wins). A variant leaves out or moves what the engine read for the check (the decisions
 * name it, or a rule of a policy they name requires it): a value it never reads changes nothing.
 */
function gridOf(
  testFiles: ReadonlyArray<{ file: string; suite: TestFile }>,
  decide: (request: EngineRequest, at: string) => Record<string, EngineDecision>,
  rulesOf: (policy: string) => EnginePolicy['rules'],
): GridEntry[] {
  const grid = new Map<string, GridEntry>();
  const add = (id: string, at: string, request: EngineRequest): Record<string, EngineDecision> => {
    const instant = new Date(at).toISOString();
    const key = JSON.stringify([instant, request]);
    const entry = grid.get(key) ?? { id, at: instant, request, decisions: decide(request, instant) };
    grid.set(key, entry);
    return entry.decisions;
  };
  for (const { file, suite } of testFiles) {
    suite.tests.forEach((test, index) => {
      const at = test.at ?? suite.at;
      if (at === undefined) return;
      const context = { ...suite.context, ...test.context };
      const checks = test.principals.flatMap((principal) =>
        test.resources.flatMap((resource) => test.actions.map((action) => ({ principal, resource, action }))),
      );
      checks.forEach((check, checkIndex) => {
        const principal = suite.principals![check.principal]!;
        const resource = suite.resources![check.resource]!;
        const id = `${file} test ${index}: ${check.principal} ${check.action} ${check.resource}`;
        const request = (withContext: Record<string, unknown> | undefined, attributes = principal.attributes): EngineRequest => ({
          principal: { ...principal, ...(attributes === undefined ? {} : { attributes }) },
          resource,
          action: check.action,
          ...(withContext === undefined ? {} : { context: withContext }),
        });
        const decisions = add(id, at, request(context));
        if (checkIndex > 0) return;
        const read = JSON.stringify(decisions);
        const required = new Set(
          Object.values(decisions)
            .flatMap((decision) => Object.keys(decision.policy_versions))
            .flatMap((policy) => rulesOf(policy).flatMap((rule) => Object.keys(rule.principals?.attributes ?? {}))),
        );
        const readContext = Object.keys(context).filter((name) => read.includes(name));
        for (const name of readContext) add(`${id}, without context.${name}`, at, request(without(context, name)));
        if (readContext.length > 0) add(`${id}, without context`, at, request(undefined));
        for (const name of Object.keys(principal.attributes ?? {}))
          if (required.has(name) || read.includes(name))
            add(`${id}, without principal.attributes.${name}`, at, request(context, without(principal.attributes!, name)));
        if (/\btime \d/.test(read)) for (const instant of extraInstants) add(`${id}, at ${instant}`, instant, request(context));
      });
    });
  }
  return [...grid.values()];
}

/** JSON with one line per policy and per request: small, and a change shows as the lines it touches. */
function fixtureText(fixture: Record<string, unknown>): string {
  const members = Object.entries(fixture).map(([key, value]) => {
    const text = Array.isArray(value) ? `[\n${value.map((item) => `  ${JSON.stringify(item)}`).join(',\n')}\n ]` : JSON.stringify(value);
    return ` ${JSON.stringify(key)}: ${text}`;
  });
  return `{\n${members.join(',\n')}\n}\n`;
}

function without<T extends Record<string, unknown>>(object: T, name: string): T {
  const copy = { ...object };
  delete copy[name];
  return copy;
}

const checkout = process.argv[2];
if (checkout === undefined) {
  console.error('usage: npx tsx scripts/policies-example-replay-fixture.ts CHECKOUT > FIXTURE.json');
  process.exit(2);
}
await main(path.resolve(checkout));
