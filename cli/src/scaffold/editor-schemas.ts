// The editor schemas, for the commands that load them when they run (acctl init, acctl schema).
// Imported dynamically through this module, never as core's whole entry: bundled, a dynamic import
// keeps every name of the module it imports, and core's whole namespace would put Ajv's compiler in
// the chunk every command using core loads at start (acctl policy lint's 60 ms of issue #21).
export { editorSchemas, editorSchemaText } from '../../../core/src/index.js';
