import type { DecisionPlan, ResourceCondition, ResourceSubject } from '../../../core/src/index.js';
import { keyValueLines, style } from '../../../kit/src/index.js';

const kindText: Record<DecisionPlan['kind'], string> = {
  always_allowed: style.green.bold('ALWAYS ALLOWED') + ': every resource of the type',
  always_denied: style.red.bold('ALWAYS DENIED') + ': no resource of the type',
  conditional: style.bold('CONDITIONAL') + ': the resources the condition selects',
};

/** The plan for people: its kind, id, the policies read, and the condition as an indented tree. */
export function planLines(plan: DecisionPlan): string[] {
  const policies = Object.entries(plan.policies).map(([id, version]) => `${id} v${version}`);
  return [
    ...keyValueLines([
      ['plan', kindText[plan.kind]],
      ['id', plan.id],
      ['policies', policies.length === 0 ? '(none applies)' : policies.join(', ')],
    ]),
    ...(plan.kind === 'conditional' ? ['condition', ...conditionLines(plan.condition as ResourceCondition, 1)] : []),
  ];
}

const quoted = (value: unknown): string => JSON.stringify(value);

function subjectText(subject: ResourceSubject): string {
  return subject.field === 'identifier' ? 'resource.identifier' : `resource.attributes.${subject.name}`;
}

/** One line a node, children indented; `holds: false` reads "is false" (known and false: a missing value is neither). */
function conditionLines(condition: ResourceCondition, depth: number): string[] {
  const indent = '  '.repeat(depth);
  switch (condition.type) {
    case 'true':
      return [`${indent}always`];
    case 'false':
      return [`${indent}never`];
    case 'and':
    case 'or':
      return [`${indent}${condition.type === 'and' ? 'all of' : 'any of'}`, ...condition.conditions.flatMap((item) => conditionLines(item, depth + 1))];
    case 'not':
      return [`${indent}not`, ...conditionLines(condition.condition, depth + 1)];
    case 'identifier':
      return [
        condition.pattern.kind === 'exact'
          ? `${indent}resource.identifier is ${quoted(condition.pattern.identifier)}`
          : `${indent}resource.identifier starts with ${quoted(condition.pattern.prefix)}`,
      ];
    case 'accepted':
      return [
        `${indent}resource.attributes.${condition.attribute} ${condition.holds ? 'is one of' : 'is set and none of'} ${condition.values.map(quoted).join(', ')}`,
      ];
    case 'compare': {
      const text = `${subjectText(condition.subject)} ${condition.operator}${condition.operator === 'exists' ? '' : ` ${quoted(condition.value)}`}`;
      return [`${indent}${condition.holds ? text : `${text} is false`}`];
    }
    case 'relate': {
      const text = `${subjectText(condition.subject)} ${condition.operator} ${subjectText(condition.other)}`;
      return [`${indent}${condition.holds ? text : `${text} is false`}`];
    }
  }
}
