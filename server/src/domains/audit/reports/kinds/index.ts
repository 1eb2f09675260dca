import type { AuditReportKind } from '../../../../../../core/src/index.js';
import type { ReportKind } from '../kind.js';
import { accessSummary } from './access-summary.js';
import { compliance } from './compliance.js';
import { policyChangeHistory } from './policy-change-history.js';

export const reportKinds: Record<AuditReportKind, ReportKind> = {
  access_summary: accessSummary,
  policy_change_history: policyChangeHistory,
  compliance,
};
