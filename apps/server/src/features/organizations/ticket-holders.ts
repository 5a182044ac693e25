import { formatUsDate } from '@portal/domain/dates.ts';
import type { ExportFormat } from '@portal/domain/exports.ts';
import { ticketHolderKindLabels } from '@portal/domain/tickets/ticket-holders.ts';
import type { AppDeps } from '../../app-deps.ts';
import { organizationExportName } from './export-names.ts';
import { managerRole } from '../../core/memberships.ts';
import type { Export } from '../../platform/exports.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import { organizationHolderRows, type OrganizationHolderRow } from './ticket-holders-repository.ts';

/**
 * GET /api/organizations/:organizationId/ticket-holders/export: who holds a place at any event through
 * the organization, for its OWNER and ADMINs only (anyone else is told it does not exist). Offered on
 * Manage Events, where members see tickets: no member page lists an organization's ticket holders
 * (docs/decisions/0119-organization-ticket-holders-export.md).
 */
export async function exportOrganizationTicketHolders(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  format: ExportFormat,
): Promise<Export<OrganizationHolderRow>> {
  await managerRole(deps.db, organizationId, auth.user.id);
  const baseName = await organizationExportName(deps, organizationId, 'ticket-holders');
  return {
    baseName,
    title: 'Ticket holders',
    format,
    rows: organizationHolderRows(deps.db, organizationId),
    columns: [
      { header: 'Event', value: (row) => row.eventName },
      { header: 'Event start', value: (row) => formatUsDate(row.eventStartDate) },
      { header: 'Name', value: (row) => `${row.firstName} ${row.lastName}` },
      { header: 'Email', value: (row) => row.email },
      { header: 'Holds', value: (row) => ticketHolderKindLabels[row.kind] },
      { header: 'Section', value: (row) => row.sectionTitle ?? 'Whole event' },
    ],
  };
}
