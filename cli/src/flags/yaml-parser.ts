// yaml's parse, for a dynamic import: a dynamic import of a CommonJS package such as yaml keeps only
// its `default` once esbuild bundles the CLI, so lazy loaders import this ES module instead.
export { parse } from 'yaml';
