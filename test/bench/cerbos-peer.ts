import { expect } from 'chai';
import { startCerbos, type CerbosPdp } from '../../bench/peers/cerbos/pdp.js';
import { cerbosCheckBody, cerbosDecisions, cerbosResourcePolicies } from '../../bench/peers/cerbos/translate.js';
import { compilePolicySet, evaluate, type CompiledPolicySet, type EnginePolicy, type EngineRequest } from '../../core/src/index.js';

/** The Cerbos PDP on the policies' translation, beside the engine on the policies themselves. */
export interface CerbosPeerUnderTest {
  compiled: CompiledPolicySet;
  /** Cerbos's decisions on one check request (one principal), in request order. */
  decide(requests: EngineRequest[]): Promise<Array<'allow' | 'deny'>>;
  /**
   * Cerbos's decisions, each required to be the engine's at the start or at the end of the call:
   * both read their own clock, so a time window that opens or closes in between may go either way.
   */
  decideAsTheEngine(requests: EngineRequest[]): Promise<Array<'allow' | 'deny'>>;
}

/** Starts the PDP before the suite's tests and stops it after them (call inside a describe). */
export function cerbosPeerUnderTest(policies: readonly EnginePolicy[]): CerbosPeerUnderTest {
  let pdp: CerbosPdp | undefined;
  const compiled = compilePolicySet(policies);
  before(async function () {
    // A hang guard, not a speed goal: Cerbos compiles the translated policies at start, longer on a busy machine.
    this.timeout(120_000);
    pdp = await startCerbos(cerbosResourcePolicies(policies), { maxResourcesPerRequest: 100 });
  });
  after(async () => pdp?.stop());

  async function decide(requests: EngineRequest[]): Promise<Array<'allow' | 'deny'>> {
    const response = await fetch(`${pdp!.url}/api/check/resources`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(cerbosCheckBody(requests, 'test')),
    });
    expect(response.status, await response.clone().text()).to.equal(200);
    return cerbosDecisions(await response.json(), requests);
  }

  async function decideAsTheEngine(requests: EngineRequest[]): Promise<Array<'allow' | 'deny'>> {
    const startedAt = new Date();
    const theirs = await decide(requests);
    const endedAt = new Date();
    requests.forEach((request, index) => {
      const ours = [evaluate(compiled, request, startedAt).decision, evaluate(compiled, request, endedAt).decision];
      expect(ours, JSON.stringify(request)).to.include(theirs[index]);
    });
    return theirs;
  }

  return { compiled, decide, decideAsTheEngine };
}
