import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { changeContextOf } from '../../events/context.js';
import { ApiError, type InvalidField } from '../../errors/api-error.js';
import { insufficientScope } from '../../plugins/auth/insufficient-scope.js';
import { refuseConditionsOverLimits } from './condition-limits.js';
import { grants, schemaRef, type PolicySetRequest, policySetLimits } from '../../../../core/src/index.js';
import { applyPolicySet, deleteChangeIndexes, getPolicySet } from './policy-sets.js';
import { policyWriterOf } from './ownership.js';

const problem = schemaRef('problem');
const mebibytes = policySetLimits.bytes / (1024 * 1024);

/**
 * A body over the limit is read to its end (up to this many bytes) before the 413 is sent, so
 * the client, still sending, reads a problem+json answer instead of a connection reset (EPIPE).
 * Larger bodies are refused at once.
 */
const drainUpTo = 4 * policySetLimits.bytes;

/**
 * How long that reading may take: a client that pauses longer than `idleMs`, or is still sending
 * after `totalMs`, is answered (413) and its connection closed, so a body that trickles or stalls
 * holds no connection past these bounds (the server itself has no request timeout).
 */
export const drainTime = Object.freeze({ idleMs: 5_000, totalMs: 20_000 });

/**
 * While a set holds its process's turn, its body must keep arriving: after `graceMs`, at least
 * `bytesPerSecond` on average since the turn began, as Kestrel's MinRequestBodyDataRate (240 B/s
 * after 5 s) guards its server. Otherwise one caller trickling a body (a byte a second) held every
 * other caller's sets on the process until the request timeout, and again with the next such set.
 * 32 KiB/s lets a 32 MiB set arrive within ACCTL_REQUEST_TIMEOUT_MS's 5 minutes on a 1 Mbit/s
 * link with room to spare (1,000 policies are 1 to 8 MiB); a holder must send that much to keep
 * the turn, and the request timeout still ends it.
 */
export const setBodyRate = Object.freeze({ graceMs: 5_000, bytesPerSecond: 32 * 1024, checkEveryMs: 1_000 });

/**
 * The body of a set in its turn, watched: slower than setBodyRate, it is answered 408 (nothing
 * applied) and its connection closed, and the next set's turn comes.
 */
function atSetBodyRate(payload: Readable): Readable {
  const started = performance.now();
  let received = 0;
  const watched = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      callback(null, chunk);
    },
    flush(callback) {
      clearInterval(check);
      callback();
    },
  });
  const check = setInterval(() => {
    const elapsedMs = performance.now() - started;
    if (elapsedMs < setBodyRate.graceMs || received >= (setBodyRate.bytesPerSecond * elapsedMs) / 1000) return;
    clearInterval(check);
    payload.unpipe(watched);
    payload.pause();
    watched.destroy(
      new ApiError(
        'request_timeout',
        `The change set's body arrived slower than ${setBodyRate.bytesPerSecond / 1024} KiB/s while it held this server's turn for sets (${received} bytes in ${Math.round(elapsedMs / 1000)} s); nothing of it was applied. Send it again in one go`,
        { headers: { connection: 'close' } },
      ),
    );
  }, setBodyRate.checkEveryMs).unref();
  watched.once('close', () => clearInterval(check));
  payload.once('error', (error) => {
    clearInterval(check);
    watched.destroy(error);
  });
  payload.pipe(watched);
  return watched;
}

/** The 413; `close` when the rest of the body is not read: the connection is closed after the answer. */
function tooLarge(close = false): ApiError {
  return new ApiError(
    'payload_too_large',
    `A change set holds at most ${policySetLimits.changes.toLocaleString('en-US')} changes and ${mebibytes} MiB of JSON; nothing of this one was applied. ` +
      'Split it: apply several sets, e.g. one repository folder or owner (acctl.yaml) at a time (docs/policy-sets.md "Limits").',
    close ? { headers: { connection: 'close' } } : {},
  );
}

/** Calls `onExpiry` once the stream has been silent for drainTime.idleMs, or after drainTime.totalMs; `touch` on each chunk. */
function drainClock(onExpiry: () => void): { touch: () => void; stop: () => void } {
  const idle = setTimeout(onExpiry, drainTime.idleMs).unref();
  const total = setTimeout(onExpiry, drainTime.totalMs).unref();
  return {
    touch: () => void idle.refresh(),
    stop: () => {
      clearTimeout(idle);
      clearTimeout(total);
    },
  };
}

/** Reads and drops `payload` to its end; false when it stopped first: past `upTo` bytes, or out of drainTime. */
function drain(payload: Readable, upTo: number): Promise<boolean> {
  return new Promise((resolve) => {
    let read = 0;
    const stop = (whole: boolean): void => {
      clock.stop();
      payload.off('data', onData).off('end', onEnd).off('error', onError);
      if (!whole) payload.pause();
      resolve(whole);
    };
    const onData = (chunk: Buffer): void => {
      read += chunk.length;
      if (read > upTo) stop(false);
      else clock.touch();
    };
    const onEnd = (): void => stop(true);
    const onError = (): void => stop(false);
    const clock = drainClock(() => stop(false));
    payload.on('data', onData).once('end', onEnd).once('error', onError);
  });
}

/**
 * preParsing: a body over the limit is answered with the limits and how to split. An announced
 * length is judged at once; a chunked body is counted as it arrives, passed on up to the limit and
 * swallowed past it, so the parser never sees more and the client can read the answer. Past
 * drainUpTo or drainTime the answer is sent without reading further, and the connection closed.
 */
async function refuseOversizedBody(request: FastifyRequest, _reply: FastifyReply, payload: Readable): Promise<Readable> {
  const length = Number(request.headers['content-length']);
  if (length > policySetLimits.bytes) throw tooLarge(!(length <= drainUpTo && (await drain(payload, drainUpTo))));
  // With a Content-Length Fastify reads exactly that many bytes.
  if (request.headers['content-length'] !== undefined) return payload;
  let received = 0;
  let clock: ReturnType<typeof drainClock> | undefined;
  // Stops reading: the parser gets the 413, the client the answer, then the connection is closed.
  const giveUp = (): void => {
    clock?.stop();
    payload.unpipe(counted);
    payload.pause();
    counted.destroy(tooLarge(true));
  };
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received <= policySetLimits.bytes) return callback(null, chunk);
      if (received > drainUpTo) return giveUp();
      clock ??= drainClock(giveUp);
      clock.touch();
      callback();
    },
    flush(callback) {
      clock?.stop();
      callback(received > policySetLimits.bytes ? tooLarge() : null);
    },
  });
  // pipe, not pipeline: giving up must not destroy the request, whose socket carries the answer.
  payload.once('error', (error) => {
    clock?.stop();
    counted.destroy(error);
  });
  payload.pipe(counted);
  return counted;
}

/** Sets waiting for their turn in one process past which another is refused (503, Retry-After). */
export const maxWaitingSets = 64;

/**
 * Sets of one caller (the token's subject) waiting in one process past which its next is refused
 * (503, Retry-After): one caller cannot fill the queue that every caller shares. Half of it, so
 * that a pipeline sending its sets together (tests and CI jobs send 10 to 20 at once) still queues.
 */
export const maxWaitingSetsPerCaller = 32;

/**
 * One change set at a time per process, from reading its body to its answer. Sets are applied one
 * at a time anyway (their advisory lock), and a set's memory is many times its body (the parsed
 * JSON, the rows, the events: about 220 MiB at the peak for 8 MiB of body, measured), so sets sent
 * together, each parsed and held while it waited for its turn, could take a replica's memory (a
 * container's limit) with a few concurrent requests of a client with write:policies. Here a set
 * waits before its body is read (the body stays in the socket) and holds its turn until its
 * answer is ready (onSend, which every outcome reaches, whether or not the client is still
 * there): a client that goes away while its set is applied does not let the next set in beside
 * it. Waiting before any database connection is taken also keeps queued sets from holding the
 * pool. A client that goes away while waiting leaves the queue.
 *
 * The turn passes round-robin between callers, each caller's sets in arrival order (the fair
 * queueing of Kubernetes' API Priority and Fairness, one queue per flow): a caller's slow sets,
 * queued first, no longer hold everyone else's. A set waits at most for the set applying, one set
 * of each other caller with sets waiting, and its own caller's earlier sets.
 */
class SetTurns {
  private holding = false;
  /** Waiting sets by caller; a Map keeps insertion order, which is the rotation. */
  private readonly waiting = new Map<string, Array<() => void>>();
  private waitingCount = 0;

  /** A place in the queue, or why there is none: too many sets waiting, or too many of this caller's. */
  join(caller: string): SetTurn | 'queue_full' | 'caller_full' {
    if (!this.holding) {
      this.holding = true;
      return { turn: Promise.resolve(true), abandon: () => undefined, leave: once(() => this.next()) };
    }
    if (this.waitingCount >= maxWaitingSets) return 'queue_full';
    const own = this.waiting.get(caller) ?? [];
    if (own.length >= maxWaitingSetsPerCaller) return 'caller_full';
    let state: 'waiting' | 'holding' | 'gone' = 'waiting';
    let wake!: (granted: boolean) => void;
    const turn = new Promise<boolean>((resolve) => (wake = resolve));
    const granted = (): void => {
      state = 'holding';
      wake(true);
    };
    own.push(granted);
    this.waiting.set(caller, own);
    this.waitingCount++;
    return {
      turn,
      abandon: () => {
        if (state !== 'waiting') return;
        own.splice(own.indexOf(granted), 1);
        if (own.length === 0 && this.waiting.get(caller) === own) this.waiting.delete(caller);
        this.waitingCount--;
        state = 'gone';
        // Answered at once, its body unread (inTurn): a body already in the socket must not be parsed without a turn.
        wake(false);
      },
      leave: once(() => {
        if (state === 'holding') this.next();
        state = 'gone';
      }),
    };
  }

  /** The set holding the turn (0 or 1) and those waiting for it (acctl_policy_set_requests). */
  counts(): { applying: number; waiting: number } {
    return { applying: this.holding ? 1 : 0, waiting: this.waitingCount };
  }

  /** The first caller in the rotation gives its oldest set the turn, and goes to the end of the rotation if it has more. */
  private next(): void {
    const first = this.waiting.entries().next();
    if (first.done) {
      this.holding = false;
      return;
    }
    const [caller, sets] = first.value;
    this.waiting.delete(caller);
    const following = sets.shift()!;
    if (sets.length > 0) this.waiting.set(caller, sets);
    this.waitingCount--;
    following();
  }
}

interface SetTurn {
  /** Resolves true when the set may read its body, false when its client went away while it waited. */
  turn: Promise<boolean>;
  /** The client went away: out of the queue if still waiting (a set already reading keeps its turn). */
  abandon: () => void;
  /** The answer is ready: the next set's turn. */
  leave: () => void;
}

function once(work: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    work();
  };
}

/** preParsing, first: waits for the set's turn (SetTurns), then refuseOversizedBody. */
function inTurn(turns: SetTurns, held: WeakMap<FastifyRequest, SetTurn>) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: Readable): Promise<Readable> => {
    // A body announced over the limit is refused without a turn: it is dropped as it is read.
    if (Number(request.headers['content-length']) > policySetLimits.bytes) return refuseOversizedBody(request, reply, payload);
    const place = turns.join(request.caller?.subject ?? request.ip);
    if (typeof place === 'string') {
      // Read (and dropped) first when it is small enough, so the client, still sending, reads the answer.
      const read = Number(request.headers['content-length']) <= drainUpTo && (await drain(payload, drainUpTo));
      const why =
        place === 'queue_full'
          ? `${maxWaitingSets} change sets are waiting for their turn on this server already`
          : `${maxWaitingSetsPerCaller} change sets of this client are waiting for their turn on this server already`;
      throw new ApiError('service_unavailable', `${why}; nothing of this one was applied. Send it again after Retry-After`, {
        headers: { 'retry-after': '5', ...(read ? {} : { connection: 'close' }) },
      });
    }
    held.set(request, place);
    reply.raw.once('close', place.abandon);
    if (!(await place.turn))
      throw new ApiError('service_unavailable', 'The client went away while its change set waited for its turn; nothing of it was applied');
    return atSetBodyRate(await refuseOversizedBody(request, reply, payload));
  };
}

/** preHandler: a set with a delete needs delete:policies too, as DELETE /policies/{id} does; each delete is named. */
async function requireDeleteScope(request: FastifyRequest<{ Body: PolicySetRequest }>): Promise<void> {
  const deletes = deleteChangeIndexes(request.body);
  if (deletes.length === 0 || grants(request.caller?.scopes ?? [], 'delete:policies')) return;
  const fields: InvalidField[] = deletes.map((index) => ({ pointer: `/changes/${index}`, in: 'body', detail: 'a delete needs the delete:policies scope' }));
  throw insufficientScope(
    'delete:policies',
    `This set deletes ${deletes.length === 1 ? 'a policy' : `${deletes.length} policies`}: that requires the delete:policies scope`,
    fields,
  );
}

const setIdParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['id'],
  additionalProperties: false,
} as const;

/** Change sets (issue #23; docs/policy-sets.md). Registered by policyRoutes. */
export async function policySetRoutes(app: FastifyInstance): Promise<void> {
  const turns = new SetTurns();
  app.metrics.watchPolicySetTurns(() => turns.counts());
  const held = new WeakMap<FastifyRequest, SetTurn>();
  app.post<{ Body: PolicySetRequest }>('/policy-sets', {
    bodyLimit: policySetLimits.bytes,
    config: {
      auth: { scope: 'write:policies' },
      rateLimit: 'bulk',
      // Writes a set each time it runs.
      idempotency: true,
      docs: {
        summary: 'Apply a change set of policies, whole or not at all',
        description:
          'Creates, updates, deletes, restores and rollbacks of many policies in one PostgreSQL transaction, as OPA bundles and Cerbos Hub ' +
          'deployments switch a whole policy set at once: every precondition (each `if_match`, each id, the final names) is checked before ' +
          'anything is written, and one failure refuses the whole set (409 `policy_set_refused`, every failing change named in `errors[]`). ' +
          'Replicas see one change-counter bump for the set, never a mix. `dry_run: true` checks everything and answers what the set would do ' +
          '(200, nothing written), as Kubernetes server-side dry run. A set with a `delete` also needs delete:policies. ' +
          'A client bound to owners is refused the whole set (403 `policy_owned_elsewhere`, each such change named in `errors[]` with its `owner`) when a change writes a policy of another owner (docs/security.md, "Policy ownership"). ' +
          `At most ${policySetLimits.changes.toLocaleString('en-US')} changes and ${mebibytes} MiB (413 beyond, saying how to split). ` +
          `Each server process reads and applies one set at a time (a set's memory is many times its body), taking turns between clients, each client's sets in arrival order; past ${maxWaitingSets} sets waiting, or ${maxWaitingSetsPerCaller} of one client, 503 with Retry-After. ` +
          `A set's body must arrive at ${setBodyRate.bytesPerSecond / 1024} KiB/s or faster once it has the turn (after ${setBodyRate.graceMs / 1000} s), or 408 and the connection closed. ` +
          'Events: one policy.* event per policy, then one policy_set.applied.',
        tags: ['Policies'],
        responses: {
          200: schemaRef('policy-set'),
          201: schemaRef('policy-set'),
          400: problem,
          401: problem,
          403: problem,
          408: problem,
          409: problem,
          413: problem,
          503: problem,
        },
        headers: { 201: ['Location'], 503: ['Retry-After'] },
      },
    },
    schema: { body: schemaRef('policy-set-request') },
    preParsing: inTurn(turns, held),
    onSend: async (request, _reply, payload) => {
      held.get(request)?.leave();
      return payload;
    },
    preHandler: requireDeleteScope,
    handler: async (request, reply) => {
      refuseConditionsOverLimits(
        request.body.changes.flatMap((change, index) =>
          'policy' in change && change.policy !== undefined ? [{ at: `/changes/${index}/policy`, rules: change.policy.rules }] : [],
        ),
      );
      const set = await applyPolicySet(app, changeContextOf(request), request.body, policyWriterOf(request.caller));
      if (set.dry_run) return reply.code(200).send(set);
      return reply.code(201).header('location', `/v1/policy-sets/${set.id}`).send(set);
    },
  });

  app.get<{ Params: { id: string } }>('/policy-sets/:id', {
    config: {
      auth: { scope: 'read:policies' },
      docs: {
        summary: 'Get an applied change set',
        description: 'Who applied it, when, with what provenance, and what each change did.',
        tags: ['Policies'],
        responses: { 200: schemaRef('policy-set'), 401: problem, 403: problem, 404: problem },
      },
    },
    schema: { params: setIdParams },
    handler: async (request) => getPolicySet(app.db, request.params.id),
  });
}
