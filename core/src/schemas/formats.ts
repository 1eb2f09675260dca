import { fullFormats } from 'ajv-formats/dist/formats.js';
import { parseIpBlock } from '../engine/ip-address.js';
import { isNfc } from '../names.js';

let knownTimeZones: Set<string> | undefined;

/**
 * Names outside Intl's list, answered once: building a DateTimeFormat to try one costs tens of
 * microseconds, and `UTC`, the commonest zone of all, is such an alias (a 1,000-policy change set
 * tried it thousands of times). Bounded, since the names come from requests.
 */
const triedNames = new Map<string, boolean>();
const triedNamesCap = 1_000;

/** An IANA zone name the runtime knows (Intl's list omits aliases such as UTC, so those are tried). */
export function isIanaTimeZone(name: string): boolean {
  knownTimeZones ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (knownTimeZones.has(name)) return true;
  const tried = triedNames.get(name);
  if (tried !== undefined) return tried;
  const known = tryTimeZone(name);
  if (triedNames.size < triedNamesCap) triedNames.set(name, known);
  return known;
}

function tryTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(name)) return false;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

/** A format of schemas/ that is ours: a time condition's `timezone`. */
export const ianaTimeZoneFormat = { type: 'string', validate: isIanaTimeZone } as const;

/** A format of ours: an ip_address condition's CIDR block, as the engine reads it (engine/ip-address.ts). */
export const cidrFormat = { type: 'string', validate: (text: string) => parseIpBlock(text) !== undefined } as const;

/** A format of ours: text in Unicode Normalization Form C, which a pattern cannot say (names.ts, schemas/name.json). */
export const nfcFormat = { type: 'string', validate: isNfc } as const;

/**
 * Every format the schemas may name, as the objects Ajv checks them with: ajv-formats' full set
 * (date-time, uri, uuid...) and ours. Both the Ajv of createAjv and the precompiled validators
 * (core/src/generated/schema-validators.ts, which read formats from this object by name) use
 * these same objects, so a format decides alike in both.
 */
export const schemaFormats = { ...fullFormats, 'iana-time-zone': ianaTimeZoneFormat, cidr: cidrFormat, nfc: nfcFormat };
