/**
 * The administrative transactions, each written once with its events (STYLE.md "admin/"):
 * registering and changing OAuth clients, creating, listing and deleting users and setting their passwords, rotating the signing key, and opening the
 * database from outside a running server. Bootstrap, the dashboard and `acctl server ...` call them;
 * the CLI reaches the server through this entry alone (test/meta/cli-server-imports.test.ts).
 */
export {
  ClientAgentRefused,
  clientDependents,
  deleteClient,
  ensureClient,
  listAgentChoices,
  listClients,
  registerClient,
  rotateClientSecret,
  type AgentChoice,
  type ClientDependents,
  type ClientSummary,
  type NewClient,
  type RegisteredClient,
  type SecretRotation,
} from './clients.js';
export { DatabaseUnreachable, hasEmbeddedDatabase, openAdminDatabase, type AdminDatabase, type DatabaseLocation } from './database.js';
export { rotateSigningKeys, type SigningKeyRotation } from './keys.js';
export { createUser, deleteUser, ensureUser, InvalidUsername, listUsers, setUserPassword, userSummary, type NewUser, type UserSummary } from './users.js';
export { systemContext } from '../events/context.js';
