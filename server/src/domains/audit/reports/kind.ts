import type { Knex } from 'knex';
import type { EventType } from '../../../events/catalog.js';
import type { AuditActorNames, AuditEvent, AuditReportKind } from '../../../../../core/src/index.js';
import type { AuditChain } from '../chain.js';

/** What a report was asked for (audit_reports columns). */
export interface ReportParameters {
  since: Date | null;
  until: Date;
  tags: string[] | null;
}

/**
 * A row a chunk of events contributes to a section. Rows with the same key add their counters
 * (aggregates); other rows have a key of their own (listings).
 */
export interface ReportRowInput {
  section: string;
  key: string;
  sortText?: string;
  sortNumber?: number;
  counter1?: number;
  counter2?: number;
  fields: Record<string, unknown>;
}

export type Totals = Record<string, number>;

/** One list of the result: its rows in `order` (SQL over audit_report_rows), at most `limit`. */
export interface ReportSection {
  name: string;
  order: string;
  limit?: number;
  /** Output members taken from the counters: `total` is counter_1 + counter_2. */
  counters?: Partial<Record<'counter_1' | 'counter_2' | 'total', string>>;
}

/**
 * A kind of report: which events feed it, how a chunk of them turns into rows (pure, so memory is
 * bounded by the chunk), and what is added once every event is counted.
 */
export interface ReportKind {
  kind: AuditReportKind;
  source: { chain: AuditChain; types?: readonly EventType[] };
  sections: readonly ReportSection[];
  /** The CSV header after `section`: every member any section's rows have. */
  csvColumns: readonly string[];
  emptyTotals: Totals;
  /** Whether accumulate needs the chunk's actors' names (actor-names.ts, one query per chunk). */
  actorNames?: boolean;
  accumulate(events: readonly AuditEvent[], parameters: ReportParameters, names: AuditActorNames): { rows: ReportRowInput[]; totals: Totals };
  /** Rows computed in SQL once all events are counted; answers totals to add. */
  finalize?(trx: Knex.Transaction, reportId: string, parameters: ReportParameters): Promise<Totals>;
  /** A first CSV row for the totals, when they say something the sections do not. */
  csvTotalsRow?(totals: Totals): Record<string, unknown>;
}
