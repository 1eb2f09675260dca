import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * The one way the CLI reads a file a person names (a policy, test or acctl.yaml file, a saved plan, a
 * file of requests) or standard input (`-`): to at most `limit` bytes and one more, whatever the file
 * is. A size from stat bounds only regular files: /dev/zero, a FIFO or a pipe on stdin has none, and
 * read whole they grew the process to the memory's end, never finishing. The byte past the limit is
 * how an input over it is told, without reading the rest.
 */
export type BoundedInput = { bytes: Buffer; over?: undefined } | { over: { limit: number; size: number | undefined } };

/** Reads the file at `file` (a regular file, FIFO, device, …), stopping after `limit` + 1 bytes; a regular file's size is checked first. */
export function readFileBounded(file: string, limit: number): BoundedInput {
  const fd = openSync(file, 'r');
  try {
    const stats = fstatSync(fd);
    if (stats.isFile() && stats.size > limit) return { over: { limit, size: stats.size } };
    const chunks: Buffer[] = [];
    let length = 0;
    // A regular file in one read of its size (and one byte, to see it grew); anything else 64 KiB at a time.
    let chunkSize = stats.isFile() ? stats.size + 1 : 65_536;
    while (length <= limit) {
      const chunk = Buffer.allocUnsafe(Math.min(chunkSize, limit + 1 - length));
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      chunks.push(chunk.subarray(0, read));
      length += read;
      chunkSize = 65_536;
    }
    // A regular file that grew between the stat and the read is over the limit all the same.
    return length > limit ? { over: { limit, size: undefined } } : { bytes: Buffer.concat(chunks, length) };
  } finally {
    closeSync(fd);
  }
}

/** Reads standard input, stopping (and closing it) after `limit` + 1 bytes. */
export async function readStdinBounded(limit: number, stdin: NodeJS.ReadableStream = process.stdin): Promise<BoundedInput> {
  const chunks: Buffer[] = [];
  let length = 0;
  // Leaving the loop early destroys the stream: the writer of a pipe gets EPIPE and stops.
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    chunks.push(bytes);
    length += bytes.length;
    if (length > limit) return { over: { limit, size: undefined } };
  }
  return { bytes: Buffer.concat(chunks, length) };
}

/** The file at `source`, or standard input when it is `-`, read within `limit`. */
export async function readInputBounded(source: string, limit: number): Promise<BoundedInput> {
  return source === '-' ? readStdinBounded(limit) : readFileBounded(source, limit);
}

/** Why an input over its limit is not read, for a message that names it: `it is 2000000 bytes, over the 1048576-byte (1 MiB) limit`. */
export function overLimitReason(over: { limit: number; size: number | undefined }): string {
  const limit = `${over.limit}-byte (${bytesInWords(over.limit)}) limit`;
  return over.size === undefined ? `it is over the ${limit}` : `it is ${over.size} bytes, over the ${limit}`;
}

function bytesInWords(bytes: number): string {
  return bytes % 1_048_576 === 0 ? `${bytes / 1_048_576} MiB` : `${bytes} bytes`;
}
