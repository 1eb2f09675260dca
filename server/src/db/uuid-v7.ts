import { randomFillSync } from 'node:crypto';

/** Random bytes drawn 4 KiB at a time: one system call per 409 ids instead of one each. */
const pool = Buffer.alloc(4096);
let offset = pool.length;

/**
 * A time-ordered UUID (RFC 9562 section 5.7, version 7): 48 bits of Unix milliseconds, then 74
 * random bits. For rows written in time order at a high rate (decisions, audit events): each
 * insert lands at the right edge of the id's btree index instead of on a random page, so the
 * pages written stay few and cached, and so does the write-ahead log after a checkpoint (full-page
 * images). Still unguessable enough for ids (74 random bits); not for secrets.
 */
export function uuidV7(now = Date.now()): string {
  if (offset + 10 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = Buffer.allocUnsafe(16);
  bytes.writeUIntBE(now, 0, 6);
  pool.copy(bytes, 6, offset, offset + 10);
  offset += 10;
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The millisecond a version 7 UUID carries; undefined for other versions (ids made before v7, or by others). */
export function uuidV7Time(id: string): Date | undefined {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i.test(id)) return undefined;
  return new Date(parseInt(id.slice(0, 8) + id.slice(9, 13), 16));
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an id from a path is a UUID at all: any other text names nothing (and PostgreSQL would refuse it as uuid). */
export function isUuid(id: string): boolean {
  return uuidPattern.test(id);
}

/**
 * The WHERE of a lookup by id in a table partitioned by the time its v7 ids are made from
 * (decisions by created_at, audit events by occurred_at): with the time, one monthly partition is
 * read; an id made before ids were time-ordered probes every partition.
 */
export function byTimeOrderedId(id: string, timeColumn: string): Record<string, string | Date> {
  const at = uuidV7Time(id);
  return at ? { id, [timeColumn]: at } : { id };
}
