import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Problem } from '../../../core/src/index.js';
import { allScopes, schemasDir } from '../../../core/src/index.js';
import { didYouMean, nearestName } from '../../../kit/src/index.js';

type InvalidField = NonNullable<Problem['errors']>[number];

/** What the client sent, to name the flag that carried a refused value and to suggest a near one. */
export interface SentRequest {
  body?: unknown;
  query?: Record<string, string | number | readonly string[] | undefined>;
  /** The flags of the command that sent it (without dashes): a field maps to one of these. */
  flagNames?: readonly string[];
}

/**
 * The flag that carried a field, by convention: the field's first name in kebab case (`display_name`
 * -> --display-name), or its singular, as repeatable flags are named (`scopes` -> --scope); and this
 * table where a flag is named otherwise. Only a flag the command has is named; other fields keep
 * their place in the request (`body /rules/0/effect`). kubectl names the flag likewise.
 */
const flagAliases: Readonly<Record<string, string>> = { event_types: 'event', actor_name: 'actor' };

function flagFor(field: InvalidField, flagNames: readonly string[]): string | undefined {
  const first = field.pointer.split('/')[1];
  if (first === undefined || first === '') return undefined;
  const kebab = first.replace(/_/g, '-');
  const candidates = [flagAliases[first], kebab, kebab.replace(/s$/, '')].filter((name): name is string => name !== undefined);
  const flag = candidates.find((name) => flagNames.includes(name));
  return flag === undefined ? undefined : `--${flag}`;
}

/** The values named at a JSON pointer (RFC 6901) of the body, or the query parameter named by it (a list split at commas). */
function sentValues(field: InvalidField, sent: SentRequest): string[] {
  const segments = field.pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'));
  let value: unknown;
  if (field.in === 'body') {
    value = sent.body;
    for (const segment of segments) value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[segment] : undefined;
  } else if (field.in === 'query') {
    value = sent.query?.[segments[0] ?? ''];
  }
  const values = Array.isArray(value) ? value : [value];
  return values.flatMap((item) => (typeof item === 'string' ? item.split(',') : []));
}

let eventTypes: string[] | undefined;
/** Every event type (schemas/audit-event-type.json: webhooks' are among them), read when first needed. */
function knownEventTypes(): string[] {
  eventTypes ??= (JSON.parse(readFileSync(path.join(schemasDir(), 'audit-event-type.json'), 'utf8')) as { enum: string[] }).enum;
  return eventTypes;
}

/** "did you mean" for a scope or an event type the server does not know (core and schemas/ have the lists). */
function suggestion(field: InvalidField, sent: SentRequest): string {
  const name = field.pointer.split('/')[1] ?? '';
  const known = /scope/.test(name) ? allScopes : /event|^type$/.test(name) ? knownEventTypes() : undefined;
  if (known === undefined) return '';
  for (const value of sentValues(field, sent)) {
    if (known.includes(value) || value.endsWith('*')) continue;
    const near = nearestName(value, known);
    if (near !== undefined) return `${didYouMean(near)}`;
  }
  return '';
}

/**
 * One line for a problem's field errors, each once: the flag that carried it where there is one,
 * else where it was in the request, and "did you mean" for a near scope or event type. The detail
 * leads only when it says more than the fields (the server's validation detail repeats them).
 */
export function describeFieldErrors(detail: string, errors: readonly InvalidField[], sent: SentRequest): string {
  const flagNames = sent.flagNames ?? [];
  const byPlace = new Map<string, InvalidField[]>();
  for (const field of errors) byPlace.set(`${field.in} ${field.pointer}`, [...(byPlace.get(`${field.in} ${field.pointer}`) ?? []), field]);
  const fields = [...byPlace.values()].map((group) => {
    const [first] = group as [InvalidField, ...InvalidField[]];
    const details = mostTelling(group.map((field) => field.detail));
    return `${flagFor(first, flagNames) ?? `${first.in} ${first.pointer || '/'}`}: ${details.join('; ')}${suggestion(first, sent)}`;
  });
  const repeats = errors.every((field) => detail.toLowerCase().includes(field.detail.toLowerCase()));
  return repeats ? fields.join('; ') : `${detail}: ${fields.join('; ')}`;
}

/**
 * The details of one field that say something: a value refused by `anyOf: [{const: '*'}, {enum}]`
 * (webhooks' event types) brings three errors; the list of allowed values is the one to read.
 */
function mostTelling(details: readonly string[]): string[] {
  const listing = details.find((detail) => detail.startsWith('must be one of'));
  if (listing !== undefined) return [listing];
  const specific = details.filter((detail) => !/^must (match a schema in|be equal to constant)/.test(detail));
  return specific.length > 0 ? [...new Set(specific)] : [...new Set(details)];
}
