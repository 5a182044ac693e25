import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { auditKinds, type AuditKind, type AuditLogPage } from '@portal/domain/audit/audit-log.ts';
import { api, withQuery } from '../../../lib/api.ts';
import { listParams, type ListParams } from '../../../lib/list-search.ts';

export const auditLogPageSize = 25;
export const auditLogPath = '/api/admin/audit-log';

/** The page the URL asks for: ?search= (who acted) &organization= &kind= &page=. */
export interface AuditLogParams extends ListParams {
  organization: string;
  kind: AuditKind | 'ALL';
}

export function auditLogParams(searchParams: URLSearchParams): AuditLogParams {
  const kind = searchParams.get('kind');
  return {
    ...listParams(searchParams),
    organization: (searchParams.get('organization') ?? '').trim(),
    kind: auditKinds.includes(kind as AuditKind) ? (kind as AuditKind) : 'ALL',
  };
}

/** The filters as the API reads them, for the page and for its export alike. */
export const auditLogFilters = (params: AuditLogParams) => ({
  person: params.search,
  organization: params.organization,
  kind: params.kind === 'ALL' ? undefined : params.kind,
});

/** GET /api/admin/audit-log: newest first, filtered, 25 a page. */
export function auditLogQuery(params: AuditLogParams) {
  return queryOptions({
    queryKey: ['admin', 'audit-log', params] as const,
    queryFn: ({ signal }) =>
      api.get<AuditLogPage>(
        withQuery(auditLogPath, { ...auditLogFilters(params), page: params.page, pageSize: auditLogPageSize }),
        signal,
      ),
    placeholderData: keepPreviousData,
    // Every action staff take adds to it: read it again whenever it shows.
    staleTime: 0,
  });
}
