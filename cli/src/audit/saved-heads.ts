import { rename, writeFile } from 'node:fs/promises';
import type { AuditEvent, AuditEventList, AuditVerification } from '../../../core/src/index.js';
import type { ApiClient } from '../api/client.js';
import { UsageError } from '../../../kit/src/index.js';
import { readTextInput } from '../flags/file-input.js';

/**
 * Heads of the audit log's hash chains kept outside the server (`acctl audit verify --save-head`),
 * and the check that the log still leads to them (`--against`). A chain that verifies proves its
 * events agree with each other, not that they are the events that were there: a log cut short, or
 * rewritten with its hashes recomputed, is a valid chain. A head saved elsewhere catches both, as
 * a Certificate Transparency monitor keeps a signed tree head and checks the log extends it (RFC 9162 §8.3).
 */

type Chain = AuditVerification['chains'][number]['chain'];
interface Link {
  sequence: number;
  hash: string;
}

export interface SavedHead {
  chain: Chain;
  sequence: number;
  hash: string;
}

/** The outcome for one saved head. */
export interface HeadCheck {
  chain: Chain;
  saved: Link;
  /**
   * matches: the event at the saved sequence has the saved hash (the log leads to it).
   * changed: it has another hash (the log was rewritten).
   * truncated: the chain now ends before the saved sequence (events deleted from the end).
   * missing: no event of the chain has the saved sequence (events deleted in the middle).
   * retained: retention deleted the saved event; the anchor it left is past it, so nothing can be compared.
   */
  status: 'matches' | 'changed' | 'truncated' | 'missing' | 'retained';
  /** The hash the log has now at the saved sequence, when there is one. */
  actual: string | null;
}

export interface HeadsCheck {
  file: string;
  /** When the saved heads were verified. */
  saved_at: string;
  /** False when any saved head is changed, truncated or missing. */
  valid: boolean;
  heads: HeadCheck[];
}

const hashPattern = /^[0-9a-f]{64}$/;
/** Events are recorded before their verification reads them; a replica's clock may be a little ahead of the one that verified. */
const clockMarginMs = 60_000;
/** The largest page of GET /audit/events (schemas/audit-event-list-query.json). */
const eventPage = 100;

/** Writes the verification (`acctl audit verify --json`) to `file` through a rename, so a reader never sees half of it. */
export async function saveHeads(file: string, verification: AuditVerification): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(verification, null, 2)}\n`, { mode: 0o644 });
  await rename(temporary, file);
}

/** The heads of a file --save-head wrote, or any `acctl audit verify --json` output. */
export async function readSavedHeads(file: string): Promise<{ verifiedAt: string; heads: SavedHead[] }> {
  const text = await readTextInput('against', file);
  const wrong = (why: string): UsageError =>
    new UsageError(`--against: ${file} is not a saved head (${why})`, [
      'Save one with acctl audit verify --save-head FILE, or acctl audit verify --json > FILE',
    ]);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    throw wrong(`not JSON: ${(error as Error).message}`);
  }
  const record = document as { verified_at?: unknown; chains?: unknown; valid?: unknown };
  if (typeof record !== 'object' || record === null || !Array.isArray(record.chains)) throw wrong('no chains');
  if (typeof record.verified_at !== 'string' || Number.isNaN(Date.parse(record.verified_at))) throw wrong('no verified_at time');
  if (record.valid !== true) throw wrong('it records a broken log');
  const heads: SavedHead[] = [];
  for (const entry of record.chains as Array<{ chain?: unknown; head?: unknown }>) {
    if (entry?.chain !== 'change' && entry?.chain !== 'decision') throw wrong(`unknown chain ${JSON.stringify(entry?.chain)}`);
    if (heads.some((head) => head.chain === entry.chain)) throw wrong(`chain ${entry.chain} twice`);
    if (entry.head === null) continue;
    const head = entry.head as { sequence?: unknown; hash?: unknown };
    if (!Number.isSafeInteger(head?.sequence) || (head.sequence as number) < 1 || typeof head.hash !== 'string' || !hashPattern.test(head.hash)) {
      throw wrong(`chain ${entry.chain} has no head { sequence, hash }`);
    }
    heads.push({ chain: entry.chain, sequence: head.sequence as number, hash: head.hash });
  }
  return { verifiedAt: record.verified_at, heads };
}

/** Checks each saved head against the log as `current` (a verification made now) and the events the server answers. */
export async function checkHeads(
  api: ApiClient,
  file: string,
  saved: { verifiedAt: string; heads: SavedHead[] },
  current: AuditVerification,
): Promise<HeadsCheck> {
  const heads: HeadCheck[] = [];
  for (const head of saved.heads) {
    const report = current.chains.find((chain) => chain.chain === head.chain);
    const savedLink = { sequence: head.sequence, hash: head.hash };
    const result = (status: HeadCheck['status'], actual: string | null): HeadCheck => ({ chain: head.chain, saved: savedLink, status, actual });
    const anchor = report?.anchor ?? null;
    if (anchor && anchor.sequence >= head.sequence) {
      // Retention deleted the saved event: only the anchor it recorded can still be compared.
      heads.push(anchor.sequence === head.sequence ? result(anchor.hash === head.hash ? 'matches' : 'changed', anchor.hash) : result('retained', null));
    } else if (!report?.head || report.head.sequence < head.sequence) {
      heads.push(result('truncated', null));
    } else if (report.head.sequence === head.sequence) {
      heads.push(result(report.head.hash === head.hash ? 'matches' : 'changed', report.head.hash));
    } else {
      const event = await eventAt(api, head, saved.verifiedAt);
      heads.push(event === undefined ? result('missing', null) : result(event.hash === head.hash ? 'matches' : 'changed', event.hash));
    }
  }
  return { file, saved_at: saved.verifiedAt, valid: heads.every((head) => head.status === 'matches' || head.status === 'retained'), heads };
}

/**
 * The event of the head's chain at its sequence: the chain's events recorded before the saved
 * verification (and a minute of clocks), newest first, until the sequence is reached or passed.
 */
async function eventAt(api: ApiClient, head: SavedHead, verifiedAt: string): Promise<AuditEvent | undefined> {
  const until = new Date(Date.parse(verifiedAt) + clockMarginMs).toISOString();
  let cursor: string | null = null;
  do {
    const page: AuditEventList = await api.call('get', '/audit/events', {
      query: { chain: head.chain, until, limit: eventPage, ...(cursor ? { cursor } : {}) },
    });
    for (const event of page.data) {
      if (event.sequence === head.sequence) return event;
      if (event.sequence < head.sequence) return undefined;
    }
    cursor = page.next_cursor;
  } while (cursor);
  return undefined;
}
