import {
  attributePathForms,
  namePattern,
  nameProblem,
  nameRule,
  nfcRule,
  precompiledValidator,
  showHidden,
  type ErrorObject,
  type PrecompiledSchemaName,
} from '../../../core/src/index.js';
import { findingAt, type Finding } from './findings.js';
import type { LintRuleId } from './lint-rules.js';
import { allowedProperties, discriminatorValues, schemaAt } from './schema-location.js';
import { didYouMean, nearestName } from '../../../kit/src/index.js';
import { schemaNameOfKind, spanAt, type DocumentPath, type ParsedFile } from './yaml-file.js';

/**
 * Checks a parsed file against its JSON Schema, with the schema file the server validates with
 * (compiled ahead by `npm run gen:types`, so no schema is compiled at start), and turns
 * each Ajv error into a finding at the YAML node its instancePath names: the offending key for an
 * unknown field (with the nearest allowed name), the value for a wrong type or value, the mapping for a
 * missing field.
 */
export function checkSchema(file: ParsedFile, schemaName: PrecompiledSchemaName = schemaNameOfKind[file.kind]): Finding[] {
  if (!file.ok) return [];
  const validate = precompiledValidator(schemaName);
  if (validate(file.value)) return [];
  const findings: Finding[] = [];
  const seen = new Set<string>();
  for (const error of relevantErrors(validate.errors ?? [], schemaName, file.value)) {
    const finding = describeError(file, schemaName, error);
    const key = `${finding.line}:${finding.col}:${finding.message}`;
    if (!seen.has(key)) findings.push(finding);
    seen.add(key);
  }
  return findings;
}

/**
 * Ajv's errors without the noise: the summary errors of oneOf/anyOf/if, and a `required` error that an
 * unknown-field typo already explains (`acitons` given, `actions` missing: one finding, not two).
 */
function relevantErrors(errors: readonly ErrorObject[], schemaName: string, value: unknown): ErrorObject[] {
  const typoTargets = new Set<string>();
  for (const error of errors) {
    if (error.keyword !== 'additionalProperties') continue;
    const path = pathOf(error.instancePath, value);
    const suggestion = nearestName(String(error.params.additionalProperty), allowedProperties(schemaAt(schemaName, value, path)));
    if (suggestion !== undefined) typoTargets.add(`${error.instancePath}/${suggestion}`);
  }
  // One finding per value: a string that is neither a URL nor matches ^https?:// is one mistake.
  const bestForValue = new Map<string, ErrorObject>();
  for (const error of errors) {
    if (['additionalProperties', 'required', 'discriminator', 'oneOf', 'anyOf', 'if'].includes(error.keyword)) continue;
    const best = bestForValue.get(error.instancePath);
    if (best === undefined || rank(error) < rank(best)) bestForValue.set(error.instancePath, error);
  }
  return errors.filter((error) => {
    if (['oneOf', 'anyOf', 'if'].includes(error.keyword)) return !errors.some((other) => other !== error && other.instancePath.startsWith(error.instancePath));
    if (error.keyword === 'required') return !typoTargets.has(`${error.instancePath}/${String(error.params.missingProperty)}`);
    if (error.keyword === 'additionalProperties' || error.keyword === 'discriminator') return true;
    return bestForValue.get(error.instancePath) === error;
  });
}

/** Which of several errors on one value explains it best: its type, then its allowed values, then its format. */
const valueKeywordRank = new Map(['type', 'enum', 'const', 'format', 'pattern'].map((keyword, index) => [keyword, index]));

function rank(error: ErrorObject): number {
  return valueKeywordRank.get(error.keyword) ?? valueKeywordRank.size;
}

function describeError(file: ParsedFile, schemaName: string, error: ErrorObject): Finding {
  const path = pathOf(error.instancePath, file.value);
  const actual = valueAt(file.value, path);
  const at = (rule: LintRuleId, message: string, where: DocumentPath = path, suggestion?: string, part: 'key' | 'value' = 'value'): Finding =>
    findingAt(file, spanAt(file.doc, where, part), rule, message, { suggestion });
  const params = error.params as Record<string, unknown>;

  switch (error.keyword) {
    case 'additionalProperties': {
      const name = String(params.additionalProperty);
      const allowed = allowedProperties(schemaAt(schemaName, file.value, path));
      const suggestion = nearestName(name, allowed);
      const hint = suggestion !== undefined ? didYouMean(suggestion) : allowed.length > 0 ? `; allowed here: ${allowed.join(', ')}` : '';
      return at('unknown-field', `unknown field \`${name}\`${hint}`, [...path, name], suggestion, 'key');
    }
    case 'required': {
      const where = path.length > 0 ? ` in ${subject(path)}` : '';
      return at('missing-field', `missing required field \`${String(params.missingProperty)}\`${where}`);
    }
    case 'type':
      return at('wrong-type', `${subject(path)} must be ${typeText(params.type)}, not ${describeValue(actual)}`);
    case 'enum': {
      const allowed = (params.allowedValues as unknown[]) ?? [];
      const suggestion = typeof actual === 'string' ? nearestName(actual, allowed.map(String)) : undefined;
      return at(
        'invalid-value',
        `${subject(path)} must be one of ${allowed.map(String).join(', ')}, not ${show(actual)}${didYouMean(suggestion)}`,
        path,
        suggestion,
      );
    }
    case 'const':
      return at('invalid-value', `${subject(path)} must be ${show(params.allowedValue)}, not ${show(actual)}`);
    case 'discriminator': {
      const tag = String(params.tag);
      const tagPath = [...path, tag];
      if (params.error === 'mapping') {
        const allowed = discriminatorValues(schemaAt(schemaName, file.value, path));
        const suggestion = typeof params.tagValue === 'string' ? nearestName(params.tagValue, allowed) : undefined;
        return at(
          'invalid-value',
          `${subject(tagPath)} must be one of ${allowed.join(', ')}, not ${show(params.tagValue)}${didYouMean(suggestion)}`,
          tagPath,
          suggestion,
        );
      }
      const tagValue = valueAt(file.value, tagPath);
      if (tagValue === undefined) return at('missing-field', `missing required field \`${tag}\` in ${subject(path)}`);
      return at('wrong-type', `${subject(tagPath)} must be a string, not ${describeValue(tagValue)}`, tagPath);
    }
    case 'format': {
      if (params.format === 'nfc') return at('invalid-value', `${subject(path)} is ${showHidden(show(actual))}: it ${nfcRule}`);
      if (params.format === 'iana-time-zone') {
        const suggestion = typeof actual === 'string' ? nearestName(actual, timeZoneNames()) : undefined;
        return at('unknown-time-zone', `unknown time zone ${show(actual)}${didYouMean(suggestion)}`, path, suggestion);
      }
      return at('invalid-value', `${subject(path)} must be ${formatText(String(params.format))}, not ${show(actual)}`);
    }
    case 'pattern': {
      if (schemaAt(schemaName, file.value, path)?.title === 'PolicyAttributePath' && typeof actual === 'string') {
        const suggestion = nearestAttributePath(actual);
        return at(
          'unknown-attribute-path',
          `${subject(path)} is ${show(actual)}, not a value of the request: ${attributePathForms.join(', ')}${didYouMean(suggestion)}`,
          path,
          suggestion,
        );
      }
      // The name rule (core/src/names.ts), worded for the character at fault rather than as its pattern.
      if (params.pattern === namePattern && typeof actual === 'string')
        return at('invalid-value', `${subject(path)} is ${showHidden(show(actual))}: it ${nameProblem(actual) ?? nameRule}`);
      const description = schemaAt(schemaName, file.value, path)?.description;
      const meaning = typeof description === 'string' ? ` (${description.replace(/\.$/, '')})` : '';
      return at('invalid-value', `${subject(path)} is ${show(actual)}: it must match ${String(params.pattern)}${meaning}`);
    }
    default:
      return at('invalid-value', `${subject(path)} ${error.message ?? 'is not valid'}`);
  }
}

/** An Ajv instancePath (JSON Pointer) as path segments, array indexes as numbers. */
export function pathOf(pointer: string, document: unknown): DocumentPath {
  if (pointer === '') return [];
  const path: Array<string | number> = [];
  let value: unknown = document;
  for (const raw of pointer.slice(1).split('/')) {
    const segment = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    const index = Array.isArray(value) && /^\d+$/.test(segment) ? Number(segment) : undefined;
    path.push(index ?? segment);
    value = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[index ?? segment] : undefined;
  }
  return path;
}

function valueAt(document: unknown, path: DocumentPath): unknown {
  let value = document;
  for (const segment of path) value = value !== null && typeof value === 'object' ? (value as Record<string | number, unknown>)[segment] : undefined;
  return value;
}

/** `rules[0].actions` in backticks, or "the file" for the document itself. */
export function subject(path: DocumentPath): string {
  if (path.length === 0) return 'the file';
  const text = path.map((segment, index) => (typeof segment === 'number' ? `[${segment}]` : index === 0 ? segment : `.${segment}`)).join('');
  return `\`${text}\``;
}

const typeNames: Record<string, string> = {
  object: 'a mapping',
  array: 'a list',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  null: 'null',
};

function typeText(type: unknown): string {
  const names = (Array.isArray(type) ? type : String(type).split(',')).map((name) => typeNames[String(name)] ?? String(name));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : (names[0] ?? 'something else');
}

function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'empty (null)';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'a mapping';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'boolean') return `${value}`;
  return `the string ${JSON.stringify(value)}`;
}

function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'nothing';
  if (value !== null && typeof value === 'object') return Array.isArray(value) ? 'a list' : 'a mapping';
  return String(value);
}

const formatTexts: Record<string, string> = {
  'date-time': 'an RFC 3339 date and time such as 2026-03-10T14:00:00Z',
  uri: 'an absolute URL',
  cidr: 'a CIDR block such as 10.0.0.0/8 or 2001:db8::/32 (IPv4 in four decimal parts without leading zeros)',
};

/**
 * The valid path nearest to a mistyped one: the fixed paths, and each named form with the name the
 * author wrote (the text after the last dot), so `principal.attribute.team` suggests
 * `principal.attributes.team`.
 */
function nearestAttributePath(text: string): string | undefined {
  const name = text.slice(text.lastIndexOf('.') + 1);
  const candidates = attributePathForms.map((form) => (form.endsWith('NAME') ? `${form.slice(0, -'NAME'.length)}${name}` : form));
  return nearestName(text, candidates);
}

function formatText(format: string): string {
  return formatTexts[format] ?? `a valid ${format}`;
}

let zones: string[] | undefined;

/** The IANA zones the runtime knows, UTC first (Intl's list leaves the alias out). */
function timeZoneNames(): string[] {
  zones ??= ['UTC', ...Intl.supportedValuesOf('timeZone')];
  return zones;
}
