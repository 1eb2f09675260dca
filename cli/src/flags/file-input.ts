import { overLimitReason, readInputBounded } from '../bounded-input.js';
import { UsageError } from '../../../kit/src/index.js';

/**
 * The largest file of requests (or of one request) read: 32 MiB, the largest body the server takes
 * on any route (a policy set, core's policySetLimits); a batch of 100 requests is far below it.
 */
export const maxInputFileBytes = 33_554_432;

/** A JSON document from a file, or from stdin when the path is `-`. */
export async function readJsonInput(flag: string, source: string, limit = maxInputFileBytes): Promise<unknown> {
  const text = await readTextInput(flag, source, limit);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`--${flag}: ${inputName(source)} is not JSON: ${(error as Error).message}`);
  }
}

/** A JSON or YAML document (YAML 1.2 reads JSON too) from a file, or from stdin when the path is `-`. */
export async function readJsonOrYamlInput(flag: string, source: string, limit = maxInputFileBytes): Promise<unknown> {
  const text = await readTextInput(flag, source, limit);
  const { parse } = await import('./yaml-parser.js');
  try {
    return parse(text, { maxAliasCount: 100 }) as unknown;
  } catch (error) {
    throw new UsageError(`--${flag}: ${inputName(source)} is neither JSON nor YAML: ${(error as Error).message}`);
  }
}

/** The text of a file, or of stdin when the path is `-`, refused whole (unread past the limit) when over `limit` bytes. */
export async function readTextInput(flag: string, source: string, limit = maxInputFileBytes): Promise<string> {
  let input;
  try {
    input = await readInputBounded(source, limit);
  } catch (error) {
    throw new UsageError(`--${flag}: cannot read ${source}: ${(error as Error).message}`);
  }
  if (input.over !== undefined) throw new UsageError(`--${flag}: ${inputName(source)} is not read: ${overLimitReason(input.over)}`);
  return input.bytes.toString('utf8');
}

function inputName(source: string): string {
  return source === '-' ? 'stdin' : source;
}
