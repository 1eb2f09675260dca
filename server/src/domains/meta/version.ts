import { readFileSync } from 'node:fs';
import path from 'node:path';
import { schemasDir } from '../../../../core/src/index.js';

/** The version in package.json, read once. */
export const packageVersion: string = (JSON.parse(readFileSync(path.join(path.dirname(schemasDir()), 'package.json'), 'utf8')) as { version: string }).version;
