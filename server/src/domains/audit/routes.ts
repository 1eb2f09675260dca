import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../errors/api-error.js';
import { changeContextOf } from '../../events/context.js';
import type { AuditEventListQuery, AuditReportCreateRequest, AuditReportListQuery, AuditReportQuery } from '../../../../core/src/index.js';
import { schemaRef } from '../../../../core/src/index.js';
import { getAuditEvent, listAuditEvents } from './event-query.js';
import { reportCsv, reportJson } from './reports/output.js';
import { createReport, mustFindReport } from './reports/service.js';
import { listReports, toAuditReport } from './reports/store.js';
import { verifyAuditLog } from './verify.js';

const problem = schemaRef('problem');
const idParams = {
  type: 'object',
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
  required: ['id'],
  additionalProperties: false,
} as const;
const auth = { scope: 'read:audit' } as const;
const tags = ['Audit'];

/** ?format=csv, or an Accept header that names text/csv (and does not refuse it with q=0). */
function wantsCsv(request: FastifyRequest<{ Querystring: AuditReportQuery }>): boolean {
  if (request.query.format) return request.query.format === 'csv';
  const accept = request.headers.accept ?? '';
  return accept.split(',').some((range) => /^\s*text\/csv\s*(;|$)/i.test(range) && !/;\s*q=0(\.0+)?\s*(;|$)/i.test(range));
}

/** Spec, "Audit": payloads not shown there; see schemas/audit-*.json and docs/events.md. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: AuditEventListQuery }>('/audit/events', {
    config: {
      auth,
      docs: {
        summary: 'List audit events, newest first',
        description:
          "Filters: id (one event, with its actors' names), type (repeatable or comma-separated; `policy.*` for a family), chain, actor, target_type, target_id, outcome, since, until (ISO 8601). Pages follow `next_cursor`, which stays valid while new events arrive: no event is missed or repeated. `names` gives the names of the page's actors beside their ids (users by username, OAuth clients by name; an API token acts as its owner), as GitHub's audit log shows `actor` beside `actor_id`: the events themselves are hash-chained and keep the ids they were recorded with.",
        tags,
        responses: { 200: schemaRef('audit-event-list'), 400: problem, 401: problem, 403: problem },
      },
    },
    schema: { querystring: schemaRef('audit-event-list-query') },
    handler: async (request) => listAuditEvents(app.db, request.query),
  });

  app.get<{ Params: { id: string } }>('/audit/events/:id', {
    config: { auth, docs: { summary: 'Get one audit event', tags, responses: { 200: schemaRef('audit-event'), 401: problem, 403: problem, 404: problem } } },
    schema: { params: idParams },
    handler: async (request) => getAuditEvent(app.db, request.params.id),
  });

  app.get('/audit/verify', {
    config: {
      auth,
      // Reads and hashes the whole log: a bulk operation for rate limits.
      rateLimit: 'bulk',
      docs: {
        summary: 'Verify the hash chains of the audit log',
        description:
          'Recomputes every hash, chunk by chunk, and names the first broken link (event id, sequence and what is wrong). Keep the heads it answers elsewhere: events deleted from the end show as heads going back.',
        tags,
        responses: { 200: schemaRef('audit-verify'), 401: problem, 403: problem },
      },
    },
    handler: async () => verifyAuditLog(app.db),
  });

  app.post<{ Body: AuditReportCreateRequest }>('/audit/reports', {
    config: {
      auth,
      idempotency: true,
      rateLimit: 'bulk',
      docs: {
        summary: 'Start an audit report',
        description:
          'Answers 202 with the report (status pending) and its address in Location; poll it until completed. Runs in the background on any replica and survives restarts. A bulk operation for rate limits.',
        tags,
        responses: { 202: schemaRef('audit-report'), 400: problem, 401: problem, 403: problem },
        headers: { 202: ['Location', 'Retry-After'] },
      },
    },
    schema: { body: schemaRef('audit-report-create-request') },
    handler: async (request, reply) => {
      const report = await createReport(app.db, app.jobs, changeContextOf(request), request.body);
      app.audit.reports.notify();
      return reply.code(202).header('location', `/v1/audit/reports/${report.id}`).header('retry-after', '1').send(report);
    },
  });

  // Not in the spec's table, which lists POST /audit/reports and GET /audit/reports/{id}: the
  // collection's GET, as GET /decisions and GET /audit/events page theirs (`acctl audit report list`).
  app.get<{ Querystring: AuditReportListQuery }>('/audit/reports', {
    config: {
      auth,
      docs: {
        summary: 'List audit reports, newest first',
        description:
          'Each report as GET /audit/reports/{id} shows it, without its result (fetch that one by one). Filters: kind, status. Pages follow `next_cursor` (keyset on creation time and id), which stays valid while new reports are requested. `names` names who asked for each (`requested_by.subject`), as GET /audit/events names its actors.',
        tags,
        responses: { 200: schemaRef('audit-report-list'), 400: problem, 401: problem, 403: problem },
      },
    },
    schema: { querystring: schemaRef('audit-report-list-query') },
    handler: async (request) => listReports(app.db, request.query),
  });

  app.get<{ Params: { id: string }; Querystring: AuditReportQuery }>('/audit/reports/:id', {
    config: {
      auth,
      docs: {
        summary: 'Get a report: its status, and its result once completed',
        description:
          'The result is JSON, or CSV with `Accept: text/csv` or `?format=csv` (409 report_not_ready before it is completed). Both stream, whatever the size of the report.',
        tags,
        responses: { 200: schemaRef('audit-report'), 401: problem, 403: problem, 404: problem, 409: problem },
        // Retry-After while the report is pending or running.
        headers: { 200: ['Retry-After'], 409: ['Retry-After'] },
        otherMediaTypes: {
          200: {
            'text/csv': {
              type: 'string',
              description:
                'The completed report as RFC 4180 CSV (UTF-8, a header row, CRLF line ends), served as an attachment: with `Accept: text/csv` or `?format=csv`.',
            },
          },
        },
      },
    },
    schema: { params: idParams, querystring: schemaRef('audit-report-query') },
    handler: async (request, reply) => {
      const report = await mustFindReport(app.db, request.params.id);
      const csv = wantsCsv(request);
      if (report.status !== 'completed') {
        if (csv)
          throw new ApiError('report_not_ready', `The report is ${report.status}: its CSV exists once it is completed`, { headers: { 'retry-after': '2' } });
        if (report.status !== 'failed') void reply.header('retry-after', '2');
        return toAuditReport(report);
      }
      if (csv) {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-report-${report.id}.csv"`)
          .send(Readable.from(reportCsv(app.db, report)));
      }
      return reply.type('application/json; charset=utf-8').send(Readable.from(reportJson(app.db, report)));
    },
  });
}
