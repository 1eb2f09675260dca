import type { Knex } from 'knex';
import { grants, type PolicyMetadata } from '../../../../core/src/index.js';
import { ApiError, type InvalidField } from '../../errors/api-error.js';
import type { ChangeContext, DomainEvent } from '../../events/types.js';
import { changeEvent } from '../../events/event.js';
import type { Caller } from '../../plugins/auth/caller.js';
import { ownerBindingsOf } from '../oauth/index.js';

/**
 * Policy ownership as a server rule (issue #34, docs/security.md "Policy ownership"): a policy's
 * owner is its metadata.managed_by; a client bound to owners (oauth_clients.owners) writes only
 * theirs, as a Cerbos Hub credential reaches one workspace and a Terraform run one state. A
 * client with no binding keeps the behaviour it had before bindings existed. `admin:all` may write
 * any owner's policy and relabel it (a takeover, recorded as policy.taken_over).
 */
export interface PolicyWriter {
  /** The clients whose bindings hold the caller: its token's client, and its subject when that is a client (an API token a client made). */
  clientIds: readonly string[];
  /** admin:all: not held to a binding. */
  mayTakeOver: boolean;
}

/** Changes made outside the REST API (bootstrap, tests of the services): no binding holds them. */
export const unboundWriter: PolicyWriter = Object.freeze({ clientIds: [], mayTakeOver: true });

export function policyWriterOf(caller: Caller | null): PolicyWriter {
  if (!caller) return { clientIds: [], mayTakeOver: false };
  const clientIds = [...new Set([caller.clientId, caller.subject].filter((id): id is string => id !== null))];
  return { clientIds, mayTakeOver: grants(caller.scopes, 'admin:all') };
}

/**
 * The owners the writer may write, read in the write's transaction (so a binding holds from the
 * commit that sets it): null when no binding holds it; several bindings hold it to their common owners.
 */
export async function ownersOf(trx: Knex.Transaction, writer: PolicyWriter): Promise<readonly string[] | null> {
  if (writer.mayTakeOver) return null;
  const bindings = await ownerBindingsOf(trx, writer.clientIds);
  if (bindings.length === 0) return null;
  return bindings.reduce((common, binding) => common.filter((owner) => binding.includes(owner)));
}

export function ownerOf(metadata: PolicyMetadata): string | undefined {
  return typeof metadata.managed_by === 'string' ? metadata.managed_by : undefined;
}

/** Why a write is refused: the policy (or the label it would carry) belongs to `owner`. */
export interface OwnershipRefusal {
  owner: string;
  detail: string;
}

export type OwnershipCheck = { ok: true; metadata: PolicyMetadata | undefined; takenOverFrom: string | undefined } | ({ ok: false } & OwnershipRefusal);

/**
 * One write checked against the writer's owners. `current` is the policy's metadata now (absent for a
 * create), `next` the metadata it would have (absent for a delete or restore, which keep it). A
 * bound writer's unlabelled content keeps the policy's label, or gets the writer's first owner's.
 */
export function checkOwnership(
  owners: readonly string[] | null,
  what: string,
  current: PolicyMetadata | undefined,
  next: PolicyMetadata | undefined,
): OwnershipCheck {
  const currentOwner = current ? ownerOf(current) : undefined;
  const allowed =
    owners === null ? '' : owners.length > 0 ? `; this client may write the policies of: ${owners.join(', ')}` : '; this client is bound to no common owner';
  if (owners !== null && currentOwner !== undefined && !owners.includes(currentOwner))
    return { ok: false, owner: currentOwner, detail: `${what} belongs to the owner "${currentOwner}"${allowed}` };
  if (next === undefined) return { ok: true, metadata: undefined, takenOverFrom: undefined };
  let metadata = next;
  // Unlabelled content keeps the policy's own label when the writer may write it, else gets the writer's first.
  const stamp = currentOwner !== undefined && owners?.includes(currentOwner) ? currentOwner : owners?.[0];
  if (owners !== null && ownerOf(next) === undefined && stamp !== undefined) metadata = { ...next, managed_by: stamp };
  const nextOwner = ownerOf(metadata);
  if (owners !== null && (nextOwner === undefined || !owners.includes(nextOwner))) {
    const owner = nextOwner ?? '';
    return { ok: false, owner, detail: `${what} would be labelled with the owner "${owner}" (metadata.managed_by)${allowed}` };
  }
  return { ok: true, metadata, takenOverFrom: currentOwner !== undefined && nextOwner !== currentOwner ? currentOwner : undefined };
}

/** 403 policy_owned_elsewhere, naming the owner of each refused write. */
export function ownedElsewhere(
  refusals: ReadonlyArray<OwnershipRefusal & { pointer: string; in: InvalidField['in']; policy: InvalidField['policy'] }>,
): ApiError {
  const owners = [...new Set(refusals.map((refusal) => refusal.owner))];
  const detail =
    refusals.length === 1
      ? refusals[0]!.detail
      : `Nothing of this set was applied: ${refusals.length} of its changes write policies of other owners (${owners.map((owner) => `"${owner}"`).join(', ')}), each named in errors[]`;
  return new ApiError('policy_owned_elsewhere', detail, {
    errors: refusals.map((refusal) => ({
      pointer: refusal.pointer,
      in: refusal.in,
      code: 'owned_elsewhere',
      detail: refusal.detail,
      owner: refusal.owner,
      ...(refusal.policy ? { policy: refusal.policy } : {}),
    })),
  });
}

/** policy.taken_over: the policy's owner label changed from another owner's (after its policy.* event). */
export function takenOverEvent(
  context: ChangeContext,
  policy: { id: string; version: number; metadata: PolicyMetadata },
  from: string,
  data?: Record<string, unknown>,
): DomainEvent {
  return changeEvent(context, 'policy.taken_over', { type: 'policy', id: policy.id }, null, {
    version: policy.version,
    from,
    to: ownerOf(policy.metadata) ?? null,
    ...data,
  });
}
