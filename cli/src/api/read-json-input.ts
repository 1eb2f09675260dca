import { readFile } from 'node:fs/promises';
import { UsageError } from '../errors.js';

/** A JSON document from a file, or from stdin when the path is `-`. */
export async function readJsonInput(flag: string, source: string): Promise<unknown> {
  let text: string;
  try {
    text = source === '-' ? await readStdin() : await readFile(source, 'utf8');
  } catch (error) {
    throw new UsageError(`--${flag}: cannot read ${source}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`--${flag}: ${source === '-' ? 'stdin' : source} is not JSON: ${(error as Error).message}`);
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
