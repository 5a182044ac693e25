import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import { organizationNameOf } from './roster-repository.ts';

/** An export's file name: what it holds, the organization's name as a slug, and today in TIME_ZONE. */
export async function organizationExportName(deps: AppDeps, organizationId: string, what: string): Promise<string> {
  const name = (await organizationNameOf(deps.db, organizationId)) ?? 'organization';
  const slug =
    name
      .replace(/[^\w -]+/g, '')
      .trim()
      .replace(/\s+/g, '-')
      .toLowerCase() || 'organization';
  return `${what}-${slug}-${calendarDateIn(deps.clock(), deps.config.timeZone)}`;
}
