import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, whatever the working directory. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const resultsDir = path.join(repoRoot, 'bench', 'results');
