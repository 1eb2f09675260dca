import { expect } from 'chai';
import { compilePolicySet, evaluate, evaluateByScan, type EnginePolicy } from '../../../core/src/index.js';
import { caseTime, conditionCases, decisionText, engineRequest, requestLabel } from './support/condition-cases.js';

describe('engine: the conditions of the policy language (cases/conditions.cases.yaml)', () => {
  for (const conditionCase of conditionCases()) {
    describe(conditionCase.name, () => {
      const policy: EnginePolicy = { id: 'p-1', version: 1, name: 'case', rules: conditionCase.rules };
      const set = compilePolicySet([policy]);
      conditionCase.requests.forEach((request, index) => {
        it(`${requestLabel(request, index)}: ${request.expect}`, () => {
          const at = new Date(caseTime(conditionCase, request));
          const decision = evaluate(set, engineRequest(request), at);
          expect(decision.decision, decision.explanation).to.equal(request.expect);
          // The compiled index and the reference scan agree, explanation included.
          expect(evaluateByScan([policy], engineRequest(request), at)).to.deep.equal(decision);
          const text = decisionText(decision);
          for (const line of request.lines ?? []) expect(text, 'the decision explains itself').to.include(line);
        });
      });
    });
  }
});
