import type { Knex } from 'knex';
import * as createOauthClients from './20261121_01_create_oauth_clients.js';
import * as createPrincipals from './20261121_02_create_principals.js';
import * as createSigningKeys from './20261121_03_create_signing_keys.js';
import * as createApiTokens from './20261121_04_create_api_tokens.js';
import * as createRevokedAccessTokens from './20261121_05_create_revoked_access_tokens.js';
import * as createPolicies from './20261121_06_create_policies.js';
import * as createChangeGenerations from './20261121_07_create_change_generations.js';
import * as createDecisions from './20261121_08_create_decisions.js';
import * as createWebSessions from './20261122_01_create_web_sessions.js';
import * as createSignInFailures from './20261122_02_create_sign_in_failures.js';
import * as createOauthGrants from './20261122_03_create_oauth_grants.js';
import * as createOauthAuthorizationCodes from './20261122_04_create_oauth_authorization_codes.js';
import * as createOauthRefreshTokens from './20261122_05_create_oauth_refresh_tokens.js';
import * as createOauthGrantAccessTokens from './20261122_06_create_oauth_grant_access_tokens.js';
import * as insertAcctlCliClient from './20261122_07_insert_acctl_cli_client.js';
import * as createWebhooks from './20261123_01_create_webhooks.js';
import * as createWebhookEvents from './20261123_02_create_webhook_events.js';
import * as createWebhookDeliveries from './20261123_03_create_webhook_deliveries.js';
import * as createWebhookDeliveryAttempts from './20261123_04_create_webhook_delivery_attempts.js';
import * as createAuditEvents from './20261124_01_create_audit_events.js';
import * as createAuditReserveFunction from './20261124_02_create_audit_reserve_function.js';
import * as createAuditAppendOnlyTrigger from './20261124_03_create_audit_append_only_trigger.js';
import * as createAuditReports from './20261124_05_create_audit_reports.js';
import * as createAuditReportRows from './20261124_06_create_audit_report_rows.js';
import * as createAuditDecisionHeadFunction from './20261125_01_create_audit_decision_head_function.js';
import * as replaceDecisionsTimeIndex from './20261125_02_replace_decisions_time_index.js';
import * as createSigningKeysGeneration from './20261125_03_create_signing_keys_generation.js';
import * as createMonthPartitionFunctions from './20261126_01_create_month_partition_functions.js';
import * as partitionDecisions from './20261126_02_partition_decisions.js';
import * as partitionAuditEvents from './20261126_03_partition_audit_events.js';
import * as createPartitionDropFunctions from './20261126_04_create_partition_drop_functions.js';
import * as createClientAuthGeneration from './20261126_05_create_client_auth_generation.js';
import * as indexPoliciesManagedBy from './20261126_06_index_policies_managed_by.js';
import * as createRecordCheckedDecisionsFunction from './20261126_07_create_record_checked_decisions_function.js';
import * as createAppendChangeEventsFunction from './20261126_08_create_append_change_events_function.js';
import * as createCredentialAttempts from './20261127_01_create_credential_attempts.js';
import * as createCredentialLockouts from './20261127_02_create_credential_lockouts.js';
import * as createCredentialWaitFunction from './20261127_03_create_credential_wait_function.js';
import * as createCredentialReserveFunction from './20261127_04_create_credential_reserve_function.js';
import * as createCredentialFailureFunction from './20261127_05_create_credential_failure_function.js';
import * as createCredentialAdmitFunction from './20261127_06_create_credential_admit_function.js';
import * as dropSignInFailures from './20261127_07_drop_sign_in_failures.js';
import * as createTokenOwnerCutoffs from './20261127_11_create_token_owner_cutoffs.js';
import * as createTokenOwnerCutoffTriggers from './20261127_12_create_token_owner_cutoff_triggers.js';
import * as addOAuthClientsSecretChosen from './20261128_01_add_oauth_clients_secret_chosen.js';
import * as createIdempotencyKeys from './20261129_21_create_idempotency_keys.js';
import * as createPolicySets from './20261130_01_create_policy_sets.js';
import * as orderWebhookDeliveries from './20261130_02_order_webhook_deliveries.js';
import * as addAuditEventsClientRequestId from './20261201_01_add_audit_events_client_request_id.js';
import * as replaceAppendChangeEventsFunction from './20261201_02_replace_append_change_events_function.js';
import * as replaceRecordCheckedDecisionsFunction from './20261201_03_replace_record_checked_decisions_function.js';
import * as indexPrincipalNamesInNfc from './20261201_34_index_principal_names_in_nfc.js';
import * as indexPolicyNamesInNfc from './20261201_35_index_policy_names_in_nfc.js';
import * as createCredentialKnownAddresses from './20261201_41_create_credential_known_addresses.js';
import * as replaceCredentialWaitAndFailureFunctions from './20261201_42_replace_credential_wait_and_failure_functions.js';
import * as scheduleWebhookDeliveriesPerWebhook from './20261201_51_schedule_webhook_deliveries_per_webhook.js';
import * as dropWebhookDeliveryJobs from './20261201_52_drop_webhook_delivery_jobs.js';
import * as apiTokensGenerationIgnoresLastUsed from './20261201_61_api_tokens_generation_ignores_last_used.js';
import * as indexApiTokensByOwner from './20261201_62_index_api_tokens_by_owner.js';
import * as addOAuthClientsOwners from './20261201_71_add_oauth_clients_owners.js';
import * as indexActivePrincipalsByKindAndId from './20261202_21_index_active_principals_by_kind_and_id.js';
import * as addDecisionsKind from './20261202_31_add_decisions_kind.js';
import * as allowDecisionsPlansWithoutOutcome from './20261202_32_allow_decisions_plans_without_outcome.js';
import * as replaceRecordCheckedDecisionsFunctionForKind from './20261202_33_replace_record_checked_decisions_function.js';
import * as createDelegationGrants from './20261202_41_create_delegation_grants.js';
import * as createTokenExchanges from './20261202_42_create_token_exchanges.js';
import * as delegationGrantsBumpGeneration from './20261202_43_delegation_grants_bump_generation.js';
import * as addOAuthAuthorizationCodesResource from './20261202_51_add_oauth_authorization_codes_resource.js';
import * as addOAuthGrantsResource from './20261202_52_add_oauth_grants_resource.js';
import * as createDPoPProofJtis from './20261202_61_create_dpop_proof_jtis.js';
import * as addOAuthGrantsDPoPJkt from './20261202_62_add_oauth_grants_dpop_jkt.js';
import * as addOAuthClientsPublicKeys from './20261202_71_add_oauth_clients_public_keys.js';
import * as createOAuthClientAssertions from './20261202_72_create_oauth_client_assertions.js';
import * as addOAuthClientsAgentPrincipalId from './20261202_81_add_oauth_clients_agent_principal_id.js';
import * as addAuditEventsActorAct from './20261203_21_add_audit_events_actor_act.js';
import * as replaceAppendChangeEventsFunctionForActorAct from './20261203_22_replace_append_change_events_function.js';
import * as replaceRecordCheckedDecisionsFunctionForActorAct from './20261203_23_replace_record_checked_decisions_function.js';
import * as indexAuditEventsByActorAct from './20261203_24_index_audit_events_by_actor_act.js';
import * as revokeSupersededDelegationGrants from './20261203_31_revoke_superseded_delegation_grants.js';
import * as uniqueUnrevokedDelegationGrant from './20261203_32_unique_unrevoked_delegation_grant.js';
import * as dropDelegationGrantsPrincipalAgentIndex from './20261203_33_drop_delegation_grants_principal_agent_index.js';
import * as auditHeadLookupsUseIndexes from './20261204_01_audit_head_lookups_use_indexes.js';

/**
 * Every migration, oldest first: one change per file, named by date and by what it changes
 * (Ghost's habit). Listed explicitly so the same list runs from TypeScript (tests) and from dist/.
 * Add a new file at the end; never edit or reorder one that has shipped. A SQL function's current
 * definition is its db/functions file (db/sql-functions.ts): once released, a change to it also
 * needs a new migration that runs the file again.
 */
export const migrations: Record<string, Knex.Migration> = {
  '20261121_01_create_oauth_clients': createOauthClients,
  '20261121_02_create_principals': createPrincipals,
  '20261121_03_create_signing_keys': createSigningKeys,
  '20261121_04_create_api_tokens': createApiTokens,
  '20261121_05_create_revoked_access_tokens': createRevokedAccessTokens,
  '20261121_06_create_policies': createPolicies,
  '20261121_07_create_change_generations': createChangeGenerations,
  '20261121_08_create_decisions': createDecisions,
  '20261122_01_create_web_sessions': createWebSessions,
  '20261122_02_create_sign_in_failures': createSignInFailures,
  '20261122_03_create_oauth_grants': createOauthGrants,
  '20261122_04_create_oauth_authorization_codes': createOauthAuthorizationCodes,
  '20261122_05_create_oauth_refresh_tokens': createOauthRefreshTokens,
  '20261122_06_create_oauth_grant_access_tokens': createOauthGrantAccessTokens,
  '20261122_07_insert_acctl_cli_client': insertAcctlCliClient,
  '20261123_01_create_webhooks': createWebhooks,
  '20261123_02_create_webhook_events': createWebhookEvents,
  '20261123_03_create_webhook_deliveries': createWebhookDeliveries,
  '20261123_04_create_webhook_delivery_attempts': createWebhookDeliveryAttempts,
  '20261124_01_create_audit_events': createAuditEvents,
  '20261124_02_create_audit_reserve_function': createAuditReserveFunction,
  '20261124_03_create_audit_append_only_trigger': createAuditAppendOnlyTrigger,
  '20261124_05_create_audit_reports': createAuditReports,
  '20261124_06_create_audit_report_rows': createAuditReportRows,
  '20261125_01_create_audit_decision_head_function': createAuditDecisionHeadFunction,
  '20261125_02_replace_decisions_time_index': replaceDecisionsTimeIndex,
  '20261125_03_create_signing_keys_generation': createSigningKeysGeneration,
  '20261126_01_create_month_partition_functions': createMonthPartitionFunctions,
  '20261126_02_partition_decisions': partitionDecisions,
  '20261126_03_partition_audit_events': partitionAuditEvents,
  '20261126_04_create_partition_drop_functions': createPartitionDropFunctions,
  '20261126_05_create_client_auth_generation': createClientAuthGeneration,
  '20261126_06_index_policies_managed_by': indexPoliciesManagedBy,
  '20261126_07_create_record_checked_decisions_function': createRecordCheckedDecisionsFunction,
  '20261126_08_create_append_change_events_function': createAppendChangeEventsFunction,
  '20261127_01_create_credential_attempts': createCredentialAttempts,
  '20261127_02_create_credential_lockouts': createCredentialLockouts,
  '20261127_03_create_credential_wait_function': createCredentialWaitFunction,
  '20261127_04_create_credential_reserve_function': createCredentialReserveFunction,
  '20261127_05_create_credential_failure_function': createCredentialFailureFunction,
  '20261127_06_create_credential_admit_function': createCredentialAdmitFunction,
  '20261127_07_drop_sign_in_failures': dropSignInFailures,
  '20261127_11_create_token_owner_cutoffs': createTokenOwnerCutoffs,
  '20261127_12_create_token_owner_cutoff_triggers': createTokenOwnerCutoffTriggers,
  '20261128_01_add_oauth_clients_secret_chosen': addOAuthClientsSecretChosen,
  '20261129_21_create_idempotency_keys': createIdempotencyKeys,
  '20261130_01_create_policy_sets': createPolicySets,
  '20261130_02_order_webhook_deliveries': orderWebhookDeliveries,
  '20261201_01_add_audit_events_client_request_id': addAuditEventsClientRequestId,
  '20261201_02_replace_append_change_events_function': replaceAppendChangeEventsFunction,
  '20261201_03_replace_record_checked_decisions_function': replaceRecordCheckedDecisionsFunction,
  '20261201_34_index_principal_names_in_nfc': indexPrincipalNamesInNfc,
  '20261201_35_index_policy_names_in_nfc': indexPolicyNamesInNfc,
  '20261201_41_create_credential_known_addresses': createCredentialKnownAddresses,
  '20261201_42_replace_credential_wait_and_failure_functions': replaceCredentialWaitAndFailureFunctions,
  '20261201_51_schedule_webhook_deliveries_per_webhook': scheduleWebhookDeliveriesPerWebhook,
  '20261201_52_drop_webhook_delivery_jobs': dropWebhookDeliveryJobs,
  '20261201_61_api_tokens_generation_ignores_last_used': apiTokensGenerationIgnoresLastUsed,
  '20261201_62_index_api_tokens_by_owner': indexApiTokensByOwner,
  '20261201_71_add_oauth_clients_owners': addOAuthClientsOwners,
  '20261202_21_index_active_principals_by_kind_and_id': indexActivePrincipalsByKindAndId,
  '20261202_31_add_decisions_kind': addDecisionsKind,
  '20261202_32_allow_decisions_plans_without_outcome': allowDecisionsPlansWithoutOutcome,
  '20261202_33_replace_record_checked_decisions_function': replaceRecordCheckedDecisionsFunctionForKind,
  '20261202_41_create_delegation_grants': createDelegationGrants,
  '20261202_42_create_token_exchanges': createTokenExchanges,
  '20261202_43_delegation_grants_bump_generation': delegationGrantsBumpGeneration,
  '20261202_51_add_oauth_authorization_codes_resource': addOAuthAuthorizationCodesResource,
  '20261202_52_add_oauth_grants_resource': addOAuthGrantsResource,
  '20261202_61_create_dpop_proof_jtis': createDPoPProofJtis,
  '20261202_62_add_oauth_grants_dpop_jkt': addOAuthGrantsDPoPJkt,
  '20261202_71_add_oauth_clients_public_keys': addOAuthClientsPublicKeys,
  '20261202_72_create_oauth_client_assertions': createOAuthClientAssertions,
  '20261202_81_add_oauth_clients_agent_principal_id': addOAuthClientsAgentPrincipalId,
  '20261203_21_add_audit_events_actor_act': addAuditEventsActorAct,
  '20261203_22_replace_append_change_events_function': replaceAppendChangeEventsFunctionForActorAct,
  '20261203_23_replace_record_checked_decisions_function': replaceRecordCheckedDecisionsFunctionForActorAct,
  '20261203_24_index_audit_events_by_actor_act': indexAuditEventsByActorAct,
  '20261203_31_revoke_superseded_delegation_grants': revokeSupersededDelegationGrants,
  '20261203_32_unique_unrevoked_delegation_grant': uniqueUnrevokedDelegationGrant,
  '20261203_33_drop_delegation_grants_principal_agent_index': dropDelegationGrantsPrincipalAgentIndex,
  '20261204_01_audit_head_lookups_use_indexes': auditHeadLookupsUseIndexes,
};
