import type { PolicySet, PolicySetChange } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import { mapConcurrently } from '../concurrency.js';
import { UsageError } from '../../../kit/src/index.js';
import { resolvePolicy, type PolicyRef } from '../stored-policies/lookup.js';
import { checkChangeSetSize, sendChangeSet } from './change-set.js';
import { maxPolicyVersion } from '../flags/policy-version.js';

/** Lookups at once when several policies are named: as plan's reads, few enough not to crowd the server. */
const RESOLVE_CONCURRENCY = 8;

export interface RollbackTarget {
  /** The policy, by name or id, as given. */
  policy: string;
  version: number;
}

/**
 * The policies `acctl policy rollback` names and the version each goes back to. With --version,
 * each argument is a whole name or id (so a name containing `@` still works) and all go back to
 * that version; without it, each is NAME@VERSION (the last `@` followed by digits). Pure.
 */
export function rollbackTargets(args: readonly string[], version: number | undefined): RollbackTarget[] {
  if (args.length === 0) throw new UsageError('Name the policy to roll back: NAME --version N, or NAME@VERSION ...');
  if (version !== undefined) return args.map((policy) => ({ policy, version }));
  return args.map((arg) => {
    const match = /^(.+)@(\d+)$/.exec(arg);
    const target = match ? { policy: match[1]!, version: Number(match[2]) } : undefined;
    // The API's bound on a version number (schemas/policy-set-change.json): larger is no version of any policy.
    if (target === undefined || !Number.isSafeInteger(target.version) || target.version < 1 || target.version > maxPolicyVersion)
      throw new UsageError(
        `${arg}: say which version to roll back to, as ${arg.replace(/@.*$/, '')}@VERSION (e.g. ${arg.replace(/@.*$/, '')}@2), or with --version N`,
      );
    return target;
  });
}

/** The stored policies the arguments name, each once: the same policy named twice (by name and by id) is refused before anything is sent. */
export async function resolveDistinct(api: ApiClient, refs: readonly string[], prefer: 'live' | 'deleted'): Promise<PolicyRef[]> {
  const resolved = await mapConcurrently(refs, RESOLVE_CONCURRENCY, (ref) => resolvePolicy(api, ref, { prefer }));
  const seen = new Map<string, string>();
  resolved.forEach((policy, index) => {
    const first = seen.get(policy.id);
    if (first !== undefined) throw new UsageError(`${first} and ${refs[index]} are the same policy (${policy.name}, ${policy.id}): name it once`);
    seen.set(policy.id, refs[index]!);
  });
  return resolved;
}

/**
 * Rollbacks or restores of several stored policies as one change set: all of them or none. A
 * refusal (a policy changed since it was read, a version that does not exist, a name taken) is a
 * conflict (exit 5) naming every failing policy.
 */
export async function sendStoredPolicySet(
  api: ApiClient,
  changes: PolicySetChange[],
  policies: readonly PolicyRef[],
  what: { tool: string; verb: string },
): Promise<PolicySet> {
  const request = { changes, provenance: { tool: what.tool } };
  checkChangeSetSize(request, [`${what.verb} fewer policies at a time: each command is one change set`]);
  return sendChangeSet(api, request, {
    describe: (index) => {
      const change = changes[index];
      const policy = policies[index];
      return {
        action: change?.action ?? 'change',
        name: policy?.name ?? `#${index}`,
        ...(change !== undefined && 'if_match' in change ? { expected: change.if_match } : {}),
      };
    },
    refused: {
      code: 'conflict',
      suggestions: [`Nothing was changed: check the policies named (acctl policy versions NAME), then ${what.verb.toLowerCase()} again`],
    },
    unreachable: ['Once the server answers again, acctl policy history NAME shows whether the change set landed'],
    howToSplit: [`${what.verb} fewer policies at a time: each command is one change set`],
  });
}
