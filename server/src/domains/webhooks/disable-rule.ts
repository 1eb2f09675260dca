/**
 * When a failing webhook is turned off, so a dead receiver does not collect retries forever
 * (Stripe and Svix disable endpoints that keep failing, and say so): after `afterFailedDeliveries`
 * deliveries in a row that used up every attempt, or when it has been failing for
 * `afterFailingMs` without a success in between. Any successful attempt resets both.
 */
export interface DisableRule {
  afterFailedDeliveries: number;
  afterFailingMs: number;
}

export interface WebhookHealth {
  failing_since: Date | null;
  consecutive_failed_deliveries: number;
}

/** Why the webhook must be disabled now, or null. */
export function disableReason(health: WebhookHealth, rule: DisableRule, now: Date): string | null {
  if (health.consecutive_failed_deliveries >= rule.afterFailedDeliveries) {
    return `${health.consecutive_failed_deliveries} deliveries in a row failed every attempt`;
  }
  if (health.failing_since && now.getTime() - health.failing_since.getTime() >= rule.afterFailingMs) {
    return `deliveries have failed since ${health.failing_since.toISOString()} without a success`;
  }
  return null;
}
