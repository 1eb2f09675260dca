/**
 * `npm run docs:config`: rewrites the configuration table of docs/configuration.md (the block
 * between `<!-- config-table:start -->` and `<!-- config-table:end -->`) from server/src/config/options.ts.
 */
import { configurationOptionEntries } from '../server/src/config/options.js';
import { renderConfigTable } from '../server/src/domains/meta/config-table.js';
import { updateGeneratedBlock } from './doc-blocks.js';

const changed = updateGeneratedBlock('docs/configuration.md', 'config-table', renderConfigTable(configurationOptionEntries));
console.log(changed ? 'docs/configuration.md: configuration table updated' : 'docs/configuration.md: configuration table already up to date');
