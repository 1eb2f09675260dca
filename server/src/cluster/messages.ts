/**
 * What the primary process and its workers say to each other over the cluster's IPC channel
 * (besides the rate-limit counts: plugins/rate-limits/cluster-window-counter.ts).
 */

/**
 * The environment variable through which a worker receives its configuration from the primary
 * (the database URL and key-encryption key the primary resolved among it). Set only by the
 * primary for its own forks; not a setting anyone else sets.
 */
export const workerConfigVariable = 'ACCTL_CLUSTER_WORKER_CONFIG';

/** Primary to worker: finish the requests in flight, close, exit. */
export interface StopMessage {
  type: 'acctl:stop';
}

/** Worker to primary: it could not start (the primary's start fails with this error). */
export interface StartFailedMessage {
  type: 'acctl:start-failed';
  message: string;
  code?: string;
}

export const stopMessage: StopMessage = { type: 'acctl:stop' };

export function isStopMessage(message: unknown): message is StopMessage {
  return (message as Partial<StopMessage> | null)?.type === 'acctl:stop';
}

export function isStartFailedMessage(message: unknown): message is StartFailedMessage {
  const m = message as Partial<StartFailedMessage> | null;
  return m?.type === 'acctl:start-failed' && typeof m.message === 'string';
}
