import type { AuditLogPage } from '@portal/domain/audit/audit-log.ts';
import { calendarDateIn, formatMoment } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { Export } from '../../platform/exports.ts';
import { exportEntries, listEntries, type AuditFilter, type AuditRow } from './repository.ts';

const fullName = (first: string | null, last: string | null) => (first === null ? null : `${first} ${last ?? ''}`);

function present(row: AuditRow) {
  return {
    id: row.id,
    action: row.action,
    actorName: fullName(row.actorFirstName, row.actorLastName),
    actorEmail: row.actorEmail,
    impersonatorName: fullName(row.impersonatorFirstName, row.impersonatorLastName),
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    organizationName: row.organizationName,
    details: JSON.stringify(row.data),
  };
}

/** GET /api/admin/audit-log: who did what, newest first, one page. */
export async function auditLogPage(
  deps: AppDeps,
  query: AuditFilter & { page: number; pageSize: number },
): Promise<AuditLogPage> {
  const { rows, total } = await listEntries(deps.db, query);
  return {
    items: rows.map((row) => ({ ...present(row), at: row.at.toISOString() })),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

/** GET /api/admin/audit-log/export: every entry under the page's filters. */
export function exportAuditLog(deps: AppDeps, query: AuditFilter & { format: ExportFormat }): Export<AuditRow> {
  return {
    baseName: `audit-log-${calendarDateIn(deps.clock(), deps.config.timeZone)}`,
    title: 'Audit log',
    format: query.format,
    rows: exportEntries(deps.db, query),
    columns: [
      { header: 'When', value: (row) => formatMoment(row.at, deps.config.timeZone) },
      { header: 'Action', value: (row) => row.action },
      { header: 'Who', value: (row) => present(row).actorName ?? '' },
      { header: 'Email', value: (row) => row.actorEmail ?? '' },
      { header: 'Viewing as them', value: (row) => present(row).impersonatorName ?? '' },
      { header: 'Subject', value: (row) => row.subjectType },
      { header: 'Subject id', value: (row) => row.subjectId ?? '' },
      { header: 'Organization', value: (row) => row.organizationName ?? '' },
      { header: 'Details', value: (row) => JSON.stringify(row.data) },
    ],
  };
}
