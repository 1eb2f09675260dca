import { readFile } from 'node:fs/promises';
import { UsageError } from '../errors.js';

/** A JSON document from a file, or from stdin when the path is `-`. */
export async function readJsonInput(flag: string, source: string): Promise<unknown> {
  const text = await readTextInput(flag, source);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`--${flag}: ${inputName(source)} is not JSON: ${(error as Error).message}`);
  }
}

/** A JSON or YAML document (YAML 1.2 reads JSON too) from a file, or from stdin when the path is `-`. */
export async function readJsonOrYamlInput(flag: string, source: string): Promise<unknown> {
  const text = await readTextInput(flag, source);
  const { parse } = await import('./yaml-parser.js');
  try {
    return parse(text, { maxAliasCount: 100 }) as unknown;
  } catch (error) {
    throw new UsageError(`--${flag}: ${inputName(source)} is neither JSON nor YAML: ${(error as Error).message}`);
  }
}

/** The text of a file, or of stdin when the path is `-`. */
export async function readTextInput(flag: string, source: string): Promise<string> {
  try {
    return source === '-' ? await readStdin() : await readFile(source, 'utf8');
  } catch (error) {
    throw new UsageError(`--${flag}: cannot read ${source}: ${(error as Error).message}`);
  }
}

function inputName(source: string): string {
  return source === '-' ? 'stdin' : source;
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
