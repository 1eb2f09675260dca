import { NotFound, UsageError } from '../../../kit/src/index.js';

/** The form of the ids the server assigns (randomUUID, UUIDv7): an argument of this form is tried as an id first. Names never have it (core/src/names.ts). */
const idForm = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` has the form of a server-assigned id: what a command that takes ids only can check before it asks. */
export function hasIdForm(text: string): boolean {
  return idForm.test(text);
}

/** How to find one kind of stored object, for resolveNameOrId. */
export interface NameOrIdLookup<T> {
  /** `policy`, `principal`: for messages. */
  noun: string;
  /** The object of an id, or undefined when the server knows none. */
  byId(id: string): Promise<T | undefined>;
  /** The objects of a name, in the order to look: each stage's matches; the first stage with any decides. */
  byName: ReadonlyArray<{ state: string; find(name: string): Promise<T[]> }>;
  /** One line per object a name is ambiguous between, to pick its id from. */
  describe(item: T): string;
  /** What to do when nothing matches. */
  notFoundSuggestions: string[];
}

/**
 * The one resolver of every command that takes a stored object by name or id, as kubectl and gh
 * take either: an argument of the id form is looked up as an id first; otherwise (or when nothing
 * has that id) by name, stage by stage; several matches refuse with their ids rather than pick one.
 * Last, an argument not of the id form is still tried as an id (ids are opaque to clients).
 */
export async function resolveNameOrId<T>(nameOrId: string, lookup: NameOrIdLookup<T>): Promise<T> {
  const looksLikeId = hasIdForm(nameOrId);
  if (looksLikeId) {
    const found = await lookup.byId(nameOrId);
    if (found) return found;
  }
  for (const stage of lookup.byName) {
    const named = await stage.find(nameOrId);
    if (named.length === 1) return named[0]!;
    if (named.length > 1)
      throw new UsageError(
        `${named.length} ${stage.state}${lookup.noun === 'policy' ? 'policies' : `${lookup.noun}s`} are named ${nameOrId}: give the id of the one you mean`,
        named.map(lookup.describe),
      );
  }
  const found = looksLikeId ? undefined : await lookup.byId(nameOrId);
  if (found) return found;
  throw new NotFound(`No ${lookup.noun} named or with id ${nameOrId}`, lookup.notFoundSuggestions);
}
