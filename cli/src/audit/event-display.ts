import type { AuditActorNames, AuditEvent } from '../../../core/src/index.js';
import { actorText, actorWithAgents } from './actor-text.js';
import { diffChange, inlineValue, type FieldChange } from './change-diff.js';
import { liveContent } from '../gitops/plan.js';
import { diffEntryLine, diffPolicies } from '../gitops/policy-diff.js';
import { shortTime } from '../ux/resource-display.js';
import { keyValueLines, style, renderTable, type Column } from '../../../kit/src/index.js';

export const targetOf = (event: AuditEvent): string => `${event.target.type}:${event.target.id}`;

/**
 * The target's name, as the event itself recorded it (the resource after the change, else before:
 * policies and principals carry `name`), so a list shows names without a request per row. Null
 * when the event has none (a decision, a token, an OAuth client). Actors are recorded by id; their
 * names come beside the events, in the list's `names` (actorText).
 */
export function targetName(event: AuditEvent): string | null {
  const { before, after } = (event.change ?? {}) as { before?: unknown; after?: unknown };
  for (const state of [after, before]) {
    const name = typeof state === 'object' && state !== null ? (state as { name?: unknown }).name : undefined;
    if (typeof name === 'string' && name.length > 0) return name;
  }
  return null;
}

const targetWithName = (event: AuditEvent): string => {
  const name = targetName(event);
  return name === null ? targetOf(event) : `${targetOf(event)} (${name})`;
};

const outcomeText = (event: AuditEvent): string => (event.outcome === 'success' ? event.outcome : style.red(event.outcome));

const eventColumns = (names: AuditActorNames): ReadonlyArray<Column<AuditEvent>> => [
  { header: 'TIME', value: (event) => shortTime(event.time) },
  { header: 'TYPE', value: (event) => event.type },
  { header: 'ACTOR', value: (event) => actorWithAgents(event.actor, names) },
  { header: 'TARGET', value: targetOf },
  { header: 'NAME', value: (event) => targetName(event) ?? '-' },
  { header: 'OUTCOME', value: (event) => event.outcome },
  { header: 'ID', value: (event) => event.id },
];

/** The events as a table; `names` is the list's (GET /audit/events answers it beside the events). */
export function eventTable(events: readonly AuditEvent[], names: AuditActorNames): string {
  return renderTable(eventColumns(names), events);
}

/** One event on one line, for `audit tail`: time, type, actor (with its name), target (with its name when the event has it), outcome, id. */
export function eventLine(event: AuditEvent, names: AuditActorNames): string {
  return [
    style.dim(shortTime(event.time)),
    style.bold(event.type),
    actorWithAgents(event.actor, names),
    targetWithName(event),
    outcomeText(event),
    style.dim(event.id),
  ].join('  ');
}

/** An event in full: who, what, where from, the change field by field, and its data. */
export function eventDetailLines(event: AuditEvent, names: AuditActorNames = {}): string[] {
  return [...eventFactLines(event, names), '', ...changeSection(event), ...dataSection(event)];
}

/** The event's facts as `label  value` lines: id, type, time, outcome, actor, target, request, chain. */
export function eventFactLines(event: AuditEvent, names: AuditActorNames = {}): string[] {
  const { subject, token_kind: kind, client_id: client } = event.actor;
  return keyValueLines([
    ['id', event.id],
    ['type', event.type],
    ['time', event.time],
    ['outcome', outcomeText(event)],
    ['actor', `${actorText(subject, names)} (${kind}${client && client !== subject ? `, client ${actorText(client, names)}` : ''})`],
    ...(event.actor.act ? [['via', agentsText(event.actor.act, names)] as [string, string]] : []),
    ['target', targetWithName(event)],
    ['request', event.request.id ? `${event.request.id} from ${event.request.ip ?? '-'} (${event.request.user_agent ?? '-'})` : '-'],
    ['chain', `${event.chain} #${event.sequence} ${style.dim(event.hash.slice(0, 16))}`],
  ]);
}

/** The agents of a delegated event, nearest first as recorded: each by name, with its kind and client when known. */
function agentsText(agents: NonNullable<AuditEvent['actor']['act']>, names: AuditActorNames): string {
  return agents
    .map((agent) => {
      const facts = [agent.kind, agent.client_id && agent.client_id !== agent.sub ? `client ${actorText(agent.client_id, names)}` : undefined].filter(Boolean);
      return `${actorText(agent.sub, names)}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`;
    })
    .join(', acting for ');
}

export function changeSection(event: AuditEvent): string[] {
  return [style.bold('Change'), ...changeLines(event)];
}

/** The event's data as indented JSON, after a blank line; nothing when it has none. */
export function dataSection(event: AuditEvent): string[] {
  return Object.keys(event.data).length === 0
    ? []
    : [
        '',
        style.bold('Data'),
        ...JSON.stringify(event.data, null, 2)
          .split('\n')
          .map((line) => `  ${line}`),
      ];
}

/**
 * `- path: before` / `+ path: after` lines, or why there are none. A policy's update reads as
 * `policy diff` and `policy plan` print it ("rule 0 gains action `write`"), its other fields
 * (version, provenance) as lines.
 */
export function changeLines(event: AuditEvent): string[] {
  if (!event.change) return [style.dim('  (no change recorded for this event type)')];
  const sentences = event.target.type === 'policy' ? policySentences(event.change) : undefined;
  const changes = sentences ? diffChange(event.change).filter((change) => !sentences.covers(change)) : diffChange(event.change);
  if (changes.length === 0 && !sentences?.lines.length) return [style.dim('  (before and after are the same)')];
  return [
    ...(sentences?.lines ?? []),
    ...changes.flatMap((change) => [
      ...(change.kind === 'added' ? [] : [style.red(`  - ${change.path}: ${inlineValue(change.before)}`)]),
      ...(change.kind === 'removed' ? [] : [style.green(`  + ${change.path}: ${inlineValue(change.after)}`)]),
    ]),
  ];
}

/** The fields diffPolicies reads: what a policy says, less metadata.provenance (who applied it), which it skips. */
const policyContentField = /^(name|description|status|rules)(\.|$)|^metadata\.(?!provenance(\.|$))/;

/**
 * A policy's change before → after in diffPolicies' sentences, and which field changes they cover;
 * undefined for a creation or deletion (every field is new or gone), or a recorded state that is
 * not a policy as the diff reads it (an older record): those are shown field by field.
 */
function policySentences(change: NonNullable<AuditEvent['change']>): { lines: string[]; covers(change: FieldChange): boolean } | undefined {
  const { before, after } = change as { before?: unknown; after?: unknown };
  if (!isPolicyState(before) || !isPolicyState(after)) return undefined;
  try {
    const entries = diffPolicies(liveContent(before), liveContent(after));
    return { lines: entries.map((entry) => `  ${diffEntryLine(entry)}`), covers: (field) => policyContentField.test(field.path) };
  } catch {
    // A rule of another shape than today's schema: the diff cannot read it, the field lines can.
    return undefined;
  }
}

function isPolicyState(value: unknown): value is Parameters<typeof liveContent>[0] {
  if (typeof value !== 'object' || value === null) return false;
  const policy = value as Record<string, unknown>;
  return (
    typeof policy.name === 'string' &&
    typeof policy.description === 'string' &&
    typeof policy.status === 'string' &&
    Array.isArray(policy.rules) &&
    typeof policy.metadata === 'object' &&
    policy.metadata !== null
  );
}
