import {
  auditActionLabel,
  auditDetailSentences,
  auditSubjectTypeLabel,
  type AuditLogPage,
} from '@portal/domain/audit/audit-log.ts';
import { calendarDateIn, formatMoment } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Export } from '../../platform/exports.ts';
import { exportEntries, listEntries, type AuditFilter, type AuditRow } from './repository.ts';

const fullName = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`);

/**
 * An entry as an auditor reads it (issue 37): the action in words, its subject by name (the member a sign-in link
 * was issued to, the organization, the event…) or else by what it is, and what it recorded as sentences. The
 * stored entry is unchanged (the log is append-only); only its presentation is built here.
 */
function present(row: AuditRow, timeZone: string) {
  return {
    id: row.id,
    action: row.action,
    actionLabel: auditActionLabel(row.action),
    actorName: fullName(row.actorFirstName, row.actorLastName),
    actorEmail: row.actorEmail,
    impersonatorName: fullName(row.impersonatorFirstName, row.impersonatorLastName),
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    subject: row.subjectName ?? auditSubjectTypeLabel(row.subjectType),
    organizationName: row.organizationName,
    details: auditDetailSentences(row.data, timeZone),
  };
}

/** GET /api/admin/audit-log: who did what, newest first, one page. */
export async function auditLogPage(
  deps: AppDeps,
  query: AuditFilter & { page: number; pageSize: number },
): Promise<AuditLogPage> {
  const { rows, total } = await listEntries(deps.db, query);
  return {
    items: rows.map((row) => ({ ...present(row, deps.config.timeZone), at: row.at.toISOString() })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** GET /api/admin/audit-log/export: every entry under the page's filters. */
export function exportAuditLog(deps: AppDeps, query: AuditFilter & { format: ExportFormat }): Export<AuditRow> {
  const { timeZone } = deps.config;
  return {
    baseName: `audit-log-${calendarDateIn(deps.clock(), deps.config.timeZone)}`,
    title: 'Audit log',
    format: query.format,
    rows: exportEntries(deps.db, query),
    columns: [
      { header: 'When', value: (row) => formatMoment(row.at, timeZone) },
      { header: 'Action', value: (row) => auditActionLabel(row.action) },
      { header: 'Who', value: (row) => fullName(row.actorFirstName, row.actorLastName) ?? '' },
      { header: 'Email', value: (row) => row.actorEmail ?? '' },
      {
        header: 'Viewing as them',
        value: (row) => fullName(row.impersonatorFirstName, row.impersonatorLastName) ?? '',
      },
      { header: 'Subject', value: (row) => present(row, timeZone).subject },
      { header: 'Subject id', value: (row) => row.subjectId ?? '' },
      { header: 'Organization', value: (row) => row.organizationName ?? '' },
      { header: 'Details', value: (row) => present(row, timeZone).details },
      // The recorded key, for a spreadsheet's filter: the words above may be reworded, the key is not.
      { header: 'Action code', value: (row) => row.action },
    ],
  };
}
