// The projection lives with the clients in the server, so the CLI and the client events agree.
export { summarizeClient, type ClientSummary } from '../../../server/src/domains/oauth/client-summary.js';
