import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EngineDecision, EngineRequest, PolicyRule } from '../../../../core/src/index.js';
import { loadCases } from '../../../policy-files/support/cases.js';

/** One request of a case in cases/conditions.cases.yaml, and the decision it must get. */
export interface ConditionCaseRequest extends EngineRequest {
  name?: string;
  at?: string;
  expect: 'allow' | 'deny';
  /** Text the decision's explanation, reasons and conditions_met must hold, together. */
  lines?: string[];
}

export interface ConditionCase {
  name: string;
  rules: PolicyRule[];
  at?: string;
  requests: ConditionCaseRequest[];
}

/** The default request time of the cases: a Wednesday. */
export const defaultCaseTime = '2026-12-02T10:00:00Z';

/** The cases shared by the engine, the simulate route and `acctl policy test`. */
export function conditionCases(): ConditionCase[] {
  return loadCases<{ cases: ConditionCase[] }>('conditions.cases.yaml', path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'cases')).cases;
}

/** The request as the engine takes it (the case's own fields removed). */
export function engineRequest(request: ConditionCaseRequest): EngineRequest {
  const { principal, resource, action, context } = request;
  return { principal, resource, action, ...(context === undefined ? {} : { context }) };
}

export function caseTime(conditionCase: ConditionCase, request: ConditionCaseRequest): string {
  return request.at ?? conditionCase.at ?? defaultCaseTime;
}

export function requestLabel(request: ConditionCaseRequest, index: number): string {
  return request.name ?? `request ${index}: ${JSON.stringify(engineRequest(request))}`;
}

/** Every line of a decision, for `lines` to be found in. */
export function decisionText(decision: Pick<EngineDecision, 'explanation' | 'matched_rules'> & { reasons?: string[] }): string {
  return [decision.explanation, ...(decision.reasons ?? []), ...decision.matched_rules.flatMap((rule) => rule.conditions_met)].join('\n');
}
