import type { PolicyCondition } from '../../generated/schema-types.js';
import { riskScoreOperators } from './risk-score.js';
import { parseDays, formatDays } from './time-between.js';
import { showLiteral } from './attribute.js';

/**
 * A condition in a few words, for people, with no request: what coverage, plan and diff name it by.
 * `time 09:00-17:00 Europe/Berlin`, `time 09:00-17:00 mon-fri Europe/Berlin`, `risk_score < 50`,
 * `resource.attributes.owner equals principal.id`, `principal.attributes.role equals "contractor"` (a literal quoted),
 * `any of (mfa_verified = true; or device_trusted = true)`.
 */
export function describeCondition(condition: PolicyCondition): string {
  switch (condition.type) {
    case 'time': {
      if (condition.operator !== 'between') return `time ${condition.operator} ${condition.value}`;
      const days = parseDays(condition.value.days);
      return `time ${condition.value.start}-${condition.value.end}${days ? ` ${formatDays(days)}` : ''} ${condition.value.timezone}`;
    }
    case 'risk_score':
      return `risk_score ${riskScoreOperators[condition.operator]?.symbol ?? condition.operator} ${condition.value}`;
    case 'mfa_verified':
    case 'device_trusted':
      return `${condition.type} = ${condition.value}`;
    case 'ip_address':
      return `ip_address ${condition.operator === 'in_cidr' ? 'in' : 'not in'} ${showList(condition.value)}`;
    case 'attribute': {
      const subject = condition.value.attribute;
      if (condition.operator === 'exists' || condition.operator === 'not_exists')
        return `${subject} ${condition.operator === 'exists' ? 'exists' : 'does not exist'}`;
      const to: unknown = (condition.value as { to?: unknown }).to;
      const object = to !== null && typeof to === 'object' && !Array.isArray(to) ? String((to as { attribute: unknown }).attribute) : showLiteral(to);
      return `${subject} ${condition.operator} ${object}`;
    }
    case 'any_of':
      return `any of (${condition.value.map(describeCondition).join('; or ')})`;
    case 'not':
      return `not (${describeCondition(condition.value)})`;
  }
}

function showList(items: readonly string[]): string {
  return items.length > 5 ? `[${items.slice(0, 5).join(', ')}, … (${items.length} in all)]` : `[${items.join(', ')}]`;
}
