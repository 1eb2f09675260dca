/**
 * Polls until `check` returns a value (not undefined), or fails after `timeoutMs`: how a test
 * waits for behaviour (a row, a request, a log line, a metric) instead of sleeping for a time it
 * guesses is long enough. The deadline bounds a hang; a passing test never waits it out.
 */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 10_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
