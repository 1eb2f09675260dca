/** `npm run docs:config`: rewrites README.md's configuration table from server/src/config/options.ts. */
import { configurationOptions } from '../server/src/config/options.js';
import { renderConfigTable } from '../server/src/domains/meta/config-table.js';
import { updateReadmeBlock } from './readme-blocks.js';

const changed = updateReadmeBlock('config-table', renderConfigTable(configurationOptions));
console.log(changed ? 'README.md: configuration table updated' : 'README.md: configuration table already up to date');
