/**
 * Clients this service ships with, created by migration 20261122_07_insert_acctl_cli_client:
 * the CLI's public client (PKCE, loopback redirect on any port). The dashboard does not delete them.
 */
export const cliClientId = 'acctl-cli';
export const firstPartyClientIds: readonly string[] = [cliClientId];
