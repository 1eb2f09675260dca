import { expect } from 'chai';
import { simulatePolicy, type EngineRequest } from '../../../core/src/index.js';
import { aPolicy, aRequest, aRule, noon, riskBelow } from './support/builders.js';

const riskPolicy = aPolicy([aRule({ conditions: [riskBelow(50)] })]);
const withContext = (context: Record<string, unknown>): EngineRequest => aRequest({ context: context as EngineRequest['context'] });

describe('engine: the risk_score/less_than condition', () => {
  it('holds when the score is below the bound, and says so', () => {
    const result = simulatePolicy(riskPolicy, withContext({ risk_score: 30 }), noon);
    expect(result.decision).to.equal('allow');
    expect(result.matched_rules[0]?.conditions_met).to.deep.equal(['risk_score 30 < 50']);
  });

  it('fails when the score equals the bound', () => {
    const result = simulatePolicy(riskPolicy, withContext({ risk_score: 50 }), noon);
    expect(result.decision).to.equal('deny');
    expect(result.reasons).to.deep.equal(['rule 0 of policy db-read-access did not apply: risk_score 50 is not < 50']);
  });

  it('fails closed when context has no risk_score, and the reason says it is missing', () => {
    const result = simulatePolicy(riskPolicy, withContext({}), noon);
    expect(result.decision).to.equal('deny');
    expect(result.reasons[0]).to.include('risk_score missing from context');
  });

  it('fails closed when the request has no context at all', () => {
    const { context: _, ...request } = aRequest();
    const result = simulatePolicy(riskPolicy, request, noon);
    expect(result.reasons[0]).to.include('risk_score missing from context');
  });

  it('fails closed when risk_score is a numeric string rather than a number', () => {
    const result = simulatePolicy(riskPolicy, withContext({ risk_score: '30' }), noon);
    expect(result.decision).to.equal('deny');
    expect(result.reasons[0]).to.include('risk_score "30" in context is not a number');
  });
});
