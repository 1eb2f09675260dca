import type { PolicySet, PolicySetRequest, Problem } from '../../../core/src/index.js';
import { policySetLimits } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import { CommandError, type FailureCode } from '../../../kit/src/index.js';

/** The two limits of one change set, as the CLI checks them (core/src/policy-set-limits.ts, shared with the server). */
export interface ChangeSetLimits {
  maxChanges: number;
  maxBytes: number;
}

export function changeSetLimits(): ChangeSetLimits {
  return { maxChanges: policySetLimits.changes, maxBytes: policySetLimits.bytes };
}

/** 33554432 bytes is "32 MiB". */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB` : `${bytes} bytes`;
}

/**
 * Refuses, before anything is sent, a set over either limit: a set is applied whole or not at all,
 * so it is never split into several transactions behind the user's back. Pure. `howToSplit` says
 * what the command's user can do instead.
 */
export function checkChangeSetSize(request: PolicySetRequest, howToSplit: readonly string[], max: ChangeSetLimits = changeSetLimits()): void {
  const count = request.changes.length;
  const over =
    count > max.maxChanges
      ? `${count} changes, more than the ${max.maxChanges} one change set may hold`
      : (() => {
          const bytes = Buffer.byteLength(JSON.stringify(request));
          return bytes > max.maxBytes ? `${formatBytes(bytes)}, more than the ${formatBytes(max.maxBytes)} one change set may weigh` : undefined;
        })();
  if (over === undefined) return;
  throw new CommandError(
    'usage_error',
    `The change set is ${over} (at most ${max.maxChanges} changes and ${formatBytes(max.maxBytes)}); it is applied whole or not at all, so it is not split: nothing was applied`,
    { suggestions: howToSplit },
  );
}

type RefusedChange = NonNullable<Problem['errors']>[number];

/** The changes a 409 policy_set_refused names, by their index in the set sent (pointer `/changes/<i>`). */
export function refusedChanges(error: unknown): { index: number; change: RefusedChange }[] | undefined {
  if (!(error instanceof CommandError) || error.problem?.code !== 'policy_set_refused') return undefined;
  return (error.problem.errors ?? []).flatMap((change) => {
    const match = /^\/changes\/(\d+)(?:\/|$)/.exec(change.pointer);
    return match ? [{ index: Number(match[1]), change }] : [];
  });
}

/** The changes a problem's errors point at (`/changes/<i>`), each once, in order. */
function changeIndexes(problem: Partial<Problem>): number[] {
  const indexes = (problem.errors ?? []).flatMap((field) => {
    const match = /^\/changes\/(\d+)(?:\/|$)/.exec(field.pointer);
    return match ? [Number(match[1])] : [];
  });
  return [...new Set(indexes)];
}

/**
 * What one refused change means, in a sentence naming the policy: `sent` is the name and the version
 * the sender expected; the server's `policy` is the policy as it is now.
 */
export function describeRefusal(refused: RefusedChange, sent: { action: string; name: string; expected?: number }): string {
  const now = refused.policy;
  const name = `policy "${sent.name}"`;
  switch (refused.code) {
    case 'version_mismatch':
      return now?.version !== undefined && sent.expected !== undefined
        ? `${name} is at version ${now.version} on the server, not version ${sent.expected} (${sent.action} refused)`
        : `${name}: ${refused.detail}`;
    case 'not_found':
      return `${name} is gone from the server (${sent.action} refused)`;
    case 'name_taken':
      // The server's `policy` is the policy of the change, not the one holding the name (its detail
      // names that one): a restore, update or rollback is told as the server tells it.
      if (sent.action === 'create')
        return `${name} was to be created, and the server has a live one of that name now${
          now?.version !== undefined ? ` (version ${now.version}${now.id !== undefined ? `, ${now.id}` : ''})` : ''
        }`;
      return refused.detail.includes(`"${sent.name}"`) ? refused.detail : `${name}: ${refused.detail}`;
    default:
      // The server's detail names the policy already (no_such_version, not_deleted...): no need to say it twice.
      return refused.detail.includes(`"${sent.name}"`) ? refused.detail : `${name}: ${refused.detail}`;
  }
}

export interface SendOptions {
  /** Names the sent change at an index, for the messages (the server's `policy` may lack a name: a create). */
  describe: (index: number) => { action: string; name: string; expected?: number };
  /** The exit a refused set ends with, and what to say after the list. */
  refused: { code: FailureCode; suggestions: readonly string[] };
  /** What to do when the server went away mid-request. */
  unreachable: readonly string[];
  /** The limits, for a 413 (the server's own limit, if lower than the CLI's). */
  howToSplit: readonly string[];
}

/**
 * POST /policy-sets, once: the client sends an Idempotency-Key, so a retried POST (a 429, a 503) is
 * never applied twice. A refused set (409 policy_set_refused) becomes one error naming every
 * failing policy; a server gone mid-request, one saying the set may or may not have landed (it is
 * one transaction, so never half of it).
 */
export async function sendChangeSet(api: ApiClient, request: PolicySetRequest, options: SendOptions): Promise<PolicySet> {
  try {
    return await api.call('post', '/policy-sets', { body: request });
  } catch (error) {
    const refused = refusedChanges(error);
    if (refused !== undefined) {
      const sentences = refused.map(({ index, change }) => describeRefusal(change, options.describe(index)));
      const what = request.dry_run === true ? 'The server would refuse the change set' : 'The server refused the change set';
      throw new CommandError(
        options.refused.code,
        `${what}, nothing was applied: ${refused.length} change(s) cannot be made: ${sentences.length > 0 ? sentences.join('; ') : (error as Error).message}`,
        { suggestions: options.refused.suggestions, cause: error, problem: (error as CommandError).problem },
      );
    }
    if (error instanceof CommandError && error.code === 'server_unreachable') {
      throw new CommandError(
        'server_unreachable',
        `${error.message}; the change set may or may not have been applied (it is one transaction: all of it or none)`,
        { cause: error, suggestions: [...options.unreachable, ...error.suggestions] },
      );
    }
    if (error instanceof CommandError && error.problem?.status === 403) {
      // A set with deletes needs delete:policies: name the policies it would have deleted, not their indexes.
      const named = changeIndexes(error.problem).map((index) => `"${options.describe(index).name}"`);
      if (named.length > 0)
        throw new CommandError('auth_error', `${error.problem.detail ?? error.message} (${named.join(', ')}); nothing was applied`, {
          cause: error,
          suggestions: error.suggestions,
          problem: error.problem,
        });
    }
    if (error instanceof CommandError && error.problem?.status === 413) {
      throw new CommandError('usage_error', `The server refused the change set as too large: ${error.message}; nothing was applied`, {
        cause: error,
        suggestions: options.howToSplit,
        problem: error.problem,
      });
    }
    throw error;
  }
}
