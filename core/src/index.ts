/**
 * @acctl/core: the pure code the CLI and the server share (jose's habit: one explicit entry, every
 * public name listed here). Nothing here does I/O beyond reading the schemas shipped beside it, and
 * nothing imports from server/ or cli/ (a lint rule holds that).
 */
export * from './canonical-json.js';
export * from './content-hash.js';
export * from './durations.js';
export * from './engine/index.js';
export * from './generated/schema-types.js';
export * from './oauth-clients/client-registration.js';
export * from './oauth-clients/redirect-uris.js';
export * from './schemas/bundle.js';
export * from './schemas/editor-schemas.js';
export { isIanaTimeZone } from './schemas/formats.js';
export * from './schemas/registry.js';
export * from './schemas/validators.js';
export * from './scopes.js';
export * from './secret-formats.js';
export * from './policy-set-limits.js';
export * from './users.js';
