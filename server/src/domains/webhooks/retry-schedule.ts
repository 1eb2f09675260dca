/**
 * When a failed delivery is tried again: exponential backoff (x4 per attempt) from a base delay,
 * capped, with +-20% jitter so receivers that failed together are not all retried in the same
 * instant ("Exponential Backoff And Jitter", AWS Architecture Blog). With the defaults (1 min
 * base, 8 h cap, 8 attempts) the retries come after about 1 min, 4 min, 16 min, 64 min, 4.3 h,
 * 8 h and 8 h: the last attempt about 22 h after the first, close to Standard Webhooks' (Svix's)
 * schedule. Below the cap, the jitter is small enough that each delay is longer than the previous one.
 */
export interface RetrySchedule {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const backoffFactor = 4;
export const jitterRatio = 0.2;

/**
 * The delay before attempt `failedAttempt + 1`, or null when `failedAttempt` was the last one.
 * `random` is a number in [0, 1) (Math.random by default; tests pass their own).
 */
export function retryDelayMs(schedule: RetrySchedule, failedAttempt: number, random: () => number = Math.random): number | null {
  if (failedAttempt >= schedule.maxAttempts) return null;
  const nominal = Math.min(schedule.baseDelayMs * backoffFactor ** (failedAttempt - 1), schedule.maxDelayMs);
  return Math.max(1, Math.round(nominal * (1 - jitterRatio + 2 * jitterRatio * random())));
}
