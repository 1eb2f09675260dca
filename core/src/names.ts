/**
 * What a name is (principals, policies, OAuth clients): one rule for the API's schemas
 * (schemas/name.json, whose pattern is `namePattern` below; a test holds the two
 * equal), `acctl policy lint` and the CLI's own checks. Anchored on RFC 8264 (PRECIS) and UAX #31:
 * a name shown to a person must not look like another one, so it holds no control, bidirectional
 * or invisible character (PRECIS's IdentifierClass disallows controls and default-ignorable code
 * points), no space around it, is not shaped like the ids the server assigns, and is in Unicode
 * Normalization Form C (RFC 8265 section 3.4, the UsernameCasePreserved profile, applies NFC).
 * Unlike PRECIS's enforcement step, a name not in NFC is refused rather than rewritten: it is the
 * key `acctl policy plan` compares files with, so a stored name must be byte for byte the one
 * sent (Kubernetes, likewise, refuses object names it would otherwise have to rewrite).
 */

/** The most characters (code points, as JSON Schema counts) a name has. */
export const maxNameLength = 200;

/** C0 controls, DEL and the C1 controls (Unicode general category Cc). */
const controls = '\\u0000-\\u001f\\u007f-\\u009f';
/** Bidirectional controls and marks (UAX #9): ALM, LRM, RLM, LRE..RLO (U+202A-U+202E), LRI..PDI (U+2066-U+2069). */
const bidiControls = '\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
/** Zero-width and invisible characters: soft hyphen, Mongolian vowel separator, ZWSP, ZWNJ, ZWJ, word joiner, invisible operators, BOM. */
const invisibles = '\\u00ad\\u180e\\u200b-\\u200d\\u2060-\\u2064\\ufeff';
/** Line and paragraph separators: a name is one line. */
const separators = '\\u2028\\u2029';
const refused = `${controls}${bidiControls}${invisibles}${separators}`;
/** The form of the ids the server assigns (randomUUID, UUIDv7), in either case. */
const uuidForm = '[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}';

/**
 * The pattern of schemas/name.json (ECMA-262 with the `u` flag, as Ajv compiles
 * it): not UUID-shaped, then a first and a last character that are neither space nor refused, and
 * between them no refused character.
 */
export const namePattern = `^(?!${uuidForm}$)[^\\s${refused}](?:[^${refused}]*[^\\s${refused}])?$`;

/** The rule in one sentence, to follow a field's name (`/name must ...`): the server's 400 detail. */
export const nameRule = `must have 1 to ${maxNameLength} characters, none of them a control, bidirectional or zero-width character, no spaces around it, and not be shaped like an id (a UUID)`;

/** The NFC part of the rule, to follow a field's name. */
export const nfcRule = 'must be in Unicode Normalization Form C (NFC): send the composed form, e.g. "é" as U+00E9, not "e" followed by U+0301';

const nameRegExp = new RegExp(namePattern, 'u');
const uuidRegExp = new RegExp(`^${uuidForm}$`);
const refusedRegExp = new RegExp(`[${refused}]`, 'u');

/** Whether `text` is in NFC (what JSON Schema cannot say; the `nfc` format of schemas/). */
export function isNfc(text: string): boolean {
  return text === text.normalize('NFC');
}

/**
 * What is wrong with `name`, to follow the name of the field (`must ...`, `holds ...`), or
 * undefined when nothing is: the same decision as schemas/name.json, worded for
 * the case at hand (lint messages show it).
 */
export function nameProblem(name: string): string | undefined {
  const length = [...name].length;
  if (length === 0 || length > maxNameLength) return `must have 1 to ${maxNameLength} characters`;
  if (name.trim().length === 0) return 'must not be only spaces';
  if (uuidRegExp.test(name)) return 'must not be shaped like an id (a UUID): it would pass for another object';
  const hidden = refusedRegExp.exec(name);
  if (hidden) return `holds ${codePoint(hidden[0])}, a control, bidirectional or zero-width character that makes it look like another name`;
  if (/^\s|\s$/u.test(name)) return 'must not have spaces around it';
  if (!nameRegExp.test(name)) return nameRule;
  if (!isNfc(name)) return nfcRule;
  return undefined;
}

/**
 * `text` with each refused character (and each combining mark, which NFC would have composed)
 * written as `\u{202E}`: a message that quotes a name must not let the name reorder or hide the
 * message around it (a right-to-left override in a terminal reverses what follows it).
 */
export function showHidden(text: string): string {
  return text.replace(hiddenRegExp, (character) => `\\u{${character.codePointAt(0)!.toString(16).toUpperCase()}}`);
}

const hiddenRegExp = new RegExp(`[${refused}\\p{M}]`, 'gu');

/** `U+202E` for a character. */
function codePoint(character: string): string {
  return `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
