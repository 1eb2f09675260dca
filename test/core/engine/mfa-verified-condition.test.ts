import { expect } from 'chai';
import { simulatePolicy, type EngineRequest } from '../../../core/src/index.js';
import { aPolicy, aRequest, aRule, mfaVerified, noon } from './support/builders.js';

const mfaPolicy = aPolicy([aRule({ conditions: [mfaVerified(true)] })]);
const requestWith = (context: Record<string, unknown>, attributes: Record<string, string | number | boolean | null> = {}): EngineRequest =>
  aRequest({ principal: { type: 'USER', attributes }, context: context as EngineRequest['context'] });

describe('engine: the mfa_verified/equals condition', () => {
  it('holds on context.mfa_verified, and says so', () => {
    const result = simulatePolicy(mfaPolicy, requestWith({ mfa_verified: true }), noon);
    expect(result.decision).to.equal('allow');
    expect(result.matched_rules[0]?.conditions_met).to.deep.equal(['mfa_verified true = true']);
  });

  it('fails when context.mfa_verified differs from the expected value', () => {
    const result = simulatePolicy(mfaPolicy, requestWith({ mfa_verified: false }), noon);
    expect(result.reasons[0]).to.include('mfa_verified false != true');
  });

  it('falls back to the principal attribute mfa_verified when context has none', () => {
    const result = simulatePolicy(mfaPolicy, requestWith({}, { mfa_verified: true }), noon);
    expect(result.matched_rules[0]?.conditions_met).to.deep.equal(['mfa_verified true = true (principal attribute)']);
  });

  it('reads the attribute strings "true" and "false" as booleans', () => {
    expect(simulatePolicy(mfaPolicy, requestWith({}, { mfa_verified: 'true' }), noon).decision).to.equal('allow');
    expect(simulatePolicy(mfaPolicy, requestWith({}, { mfa_verified: 'false' }), noon).decision).to.equal('deny');
  });

  it('prefers context over the principal attribute', () => {
    const result = simulatePolicy(mfaPolicy, requestWith({ mfa_verified: false }, { mfa_verified: true }), noon);
    expect(result.decision).to.equal('deny');
  });

  it('holds when the expected value is false and MFA was not verified', () => {
    const result = simulatePolicy(aPolicy([aRule({ conditions: [mfaVerified(false)] })]), requestWith({ mfa_verified: false }), noon);
    expect(result.matched_rules[0]?.conditions_met).to.deep.equal(['mfa_verified false = false']);
  });

  it('fails closed when neither context nor attributes say, and the reason says it is missing', () => {
    const result = simulatePolicy(mfaPolicy, requestWith({}), noon);
    expect(result.decision).to.equal('deny');
    expect(result.reasons[0]).to.include('mfa_verified missing from context and principal attributes');
  });

  it('fails closed on a value that is not a boolean, without falling back to the attribute', () => {
    const result = simulatePolicy(mfaPolicy, requestWith({ mfa_verified: 'yes' }, { mfa_verified: true }), noon);
    expect(result.decision).to.equal('deny');
    expect(result.reasons[0]).to.include('mfa_verified "yes" in context is not a boolean');
  });
});
