import type { SimulationRequest } from '../../../core/src/index.js';
import { annotation } from '../policy-files/report/github.js';
import type { SarifEntry } from '../policy-files/report/sarif.js';
import { cell, codeSpan } from '../policy-files/report/markdown.js';
import { plural, type Paint } from '../policy-files/report/outcome.js';
import { principalText, resourceText } from '../ux/request-text.js';
import type { PolicyAccess, PolicyAccessExample } from './access.js';

/**
 * The access block in plan's and diff's text formats, widening first: a verdict line per direction
 * ("Access widens", "Access cannot widen (proved …)", "Whether access widens could not be decided:
 * …") and the example requests under it. Pure.
 */

type Direction = 'widens' | 'narrows';

/** The sentence for one direction. */
export function verdictText(access: PolicyAccess, direction: Direction): string {
  const verb = direction === 'widens' ? 'widen' : 'narrow';
  const value = access[direction];
  if (value === true) {
    const count = access.examples.filter((example) => example.direction === direction).length;
    const flip = direction === 'widens' ? 'denied before, allowed after' : 'allowed before, denied after';
    return `Access ${direction}: ${plural(count, 'example request')} ${flip}, each checked with the engine`;
  }
  if (value === false) return `Access cannot ${verb} (proved over every request, at every instant of ${horizonText(access.horizon)})`;
  return `Whether access ${direction} could not be decided: ${access[`${direction}_reason`] ?? 'no reason given'}`;
}

/**
 * The instants a verdict holds over, in the words of the JSON's `horizon`: "the 366 days from
 * 2026-03-10 10:00 UTC". A number of days, not "the coming year": the analysis scans 366
 * (core's HORIZON_MS), and a reader should not have to guess whether a leap day is in it.
 */
export function horizonText(horizon: PolicyAccess['horizon']): string {
  return `the ${horizon.days} days from ${horizon.from.slice(0, 16).replace('T', ' ')} UTC`;
}

/** The policy and rule an example starts from, and what happened to it. */
export function ruleText(example: PolicyAccessExample): string {
  const how = example.rule_in === 'after' ? 'added or changed' : 'removed or changed; as it was before';
  const where = example.file === null ? '' : ` at ${example.file}:${example.line}`;
  return `${example.policy} rule ${example.rule_index} (${how})${where}`;
}

function contextText(example: PolicyAccessExample): string {
  return Object.entries(example.request.context ?? {})
    .map(([name, value]) => `${name}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(',');
}

const atText = (example: PolicyAccessExample): string => `${example.at.slice(0, 16).replace('T', ' ')} UTC`;

/** `USER {employment=contractor} read database:prod-x {…} context {…} at 2026-… UTC` */
export function exampleLine(example: PolicyAccessExample): string {
  const request = example.request as SimulationRequest;
  const context = contextText(example);
  return `${principalText(request)} ${request.action} ${resourceText(request)}${context ? ` context {${context}}` : ''} at ${atText(example)}`;
}

const ofDirection = (access: PolicyAccess, direction: Direction) => access.examples.filter((example) => example.direction === direction);

export function accessHuman(access: PolicyAccess, paint: Paint): string[] {
  const lines: string[] = [];
  for (const direction of ['widens', 'narrows'] as const) {
    const value = access[direction];
    const colour = value === false ? paint.green : direction === 'widens' ? paint.red : paint.yellow;
    lines.push(colour(paint.bold(verdictText(access, direction))));
    for (const example of ofDirection(access, direction)) lines.push(`    ${exampleLine(example)}`, paint.dim(`      ${ruleText(example)}`));
  }
  return lines;
}

/**
 * A widening is an error annotation at the responsible rule's line, as impact annotates a deny →
 * allow flip (one per rule, its examples in the message); a narrowing a warning; a widening that
 * could not be ruled out an error without a place.
 */
export function accessGithub(access: PolicyAccess, command: string): string[] {
  const lines: string[] = [];
  for (const direction of ['widens', 'narrows'] as const) {
    const level = direction === 'widens' ? 'error' : 'warning';
    if (access[direction] === 'unknown') lines.push(annotation(level, verdictText(access, direction), { title: `${command}: access ${direction}?` }));
    const byRule = new Map<string, PolicyAccessExample[]>();
    for (const example of ofDirection(access, direction)) {
      const key = JSON.stringify([example.policy, example.rule_index, example.rule_in]);
      byRule.set(key, [...(byRule.get(key) ?? []), example]);
    }
    for (const examples of byRule.values()) {
      const first = examples[0]!;
      const message = `${verdictText(access, direction)}; from ${ruleText(first)}:\n${examples.map(exampleLine).join('\n')}`;
      lines.push(
        annotation(level, message, {
          file: first.file ?? undefined,
          line: first.line ?? undefined,
          col: first.col ?? undefined,
          title: `${command}: access ${direction} (${first.policy} rule ${first.rule_index})`,
        }),
      );
    }
  }
  return lines;
}

/** Where the manual explains the access results (each SARIF rule's help link). */
export const accessManualSection = { page: 'policies.md', anchor: 'whether-a-change-widens-access-the-proof-in-plan-and-diff' };

/** The rules of the access results in plan's and diff's SARIF (docs/policies.md, the proof in plan and diff). */
export const accessSarifRules = {
  'access-widens': {
    severity: 'error',
    summary: 'The change widens access: requests denied before are allowed after, from the rule at this line (example requests, each checked with the engine).',
  },
  'access-narrows': {
    severity: 'warning',
    summary:
      'The change narrows access: requests allowed before are denied after, from the rule at this line (example requests, each checked with the engine).',
  },
  'access-undecided': {
    severity: 'error',
    summary: 'Whether the change widens or narrows access could not be decided (the reason is given); --fail-on-widen takes it as a widening.',
  },
} as const;

/**
 * The access block as SARIF results, grouped as the github format groups its annotations: one
 * result per responsible rule and direction (a widening an error, a narrowing a warning), its
 * examples in the message; a verdict that could not be decided a result without a place (the
 * writer puts it at the folder's acctl.yaml).
 */
export function accessSarif(access: PolicyAccess): SarifEntry[] {
  const entries: SarifEntry[] = [];
  for (const direction of ['widens', 'narrows'] as const) {
    if (access[direction] === 'unknown')
      entries.push({ ruleId: 'access-undecided', level: direction === 'widens' ? 'error' : 'warning', message: verdictText(access, direction) });
    const byRule = new Map<string, PolicyAccessExample[]>();
    for (const example of ofDirection(access, direction)) {
      const key = JSON.stringify([example.policy, example.rule_index, example.rule_in]);
      byRule.set(key, [...(byRule.get(key) ?? []), example]);
    }
    for (const [key, examples] of byRule) {
      const first = examples[0]!;
      entries.push({
        ruleId: `access-${direction}`,
        level: direction === 'widens' ? 'error' : 'warning',
        message: `${verdictText(access, direction)}; from ${ruleText(first)}:\n${examples.map(exampleLine).join('\n')}`,
        ...(first.file === null || first.line === null ? {} : { at: { file: first.file, line: first.line, col: first.col ?? 1 } }),
        fingerprint: key,
      });
    }
  }
  return entries;
}

/** Cells clipped: the section is the comment's head, which the comment's limit never cuts. */
const CELL_CHARS = 200;

function span(text: string): string {
  return cell(codeSpan(text.length > CELL_CHARS ? `${text.slice(0, CELL_CHARS - 1)}…` : text));
}

/**
 * The pull-request comment's first section: widening as a heading with its example requests in a
 * table, then narrowing. Requests and names come from files and the server: in code spans, escaped
 * for tables, they cannot mention people or inject markup.
 */
export function accessMarkdown(access: PolicyAccess): string {
  let text = '';
  for (const direction of ['widens', 'narrows'] as const) {
    const value = access[direction];
    const icon = value === false ? '✅' : direction === 'widens' ? '🚨' : '⚠️';
    const examples = ofDirection(access, direction);
    if (value === true) {
      text += `#### ${icon} Access ${direction}\n\n${verdictText(access, direction)}.\n\n`;
      text += '| Principal | Action | Resource | Context | At | Rule |\n| --- | --- | --- | --- | --- | --- |\n';
      for (const example of examples) {
        const request = example.request as SimulationRequest;
        const context = contextText(example);
        text += `| ${span(principalText(request))} | ${span(request.action)} | ${span(resourceText(request))} | ${context ? span(context) : ''} | ${atText(example)} | ${span(ruleText(example))} |\n`;
      }
      text += '\n';
    } else {
      text += `${icon} ${cell(verdictText(access, direction))}.\n\n`;
    }
  }
  return text;
}
