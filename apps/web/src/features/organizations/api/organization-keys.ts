import type { RosterParams } from './roster.ts';

/** Query keys of the organizations feature: one organization's detail and roster share its prefix. */
export const organizationKeys = {
  all: ['organizations'] as const,
  organization: (organizationId: string) => [...organizationKeys.all, 'organization', organizationId] as const,
  detail: (organizationId: string) => [...organizationKeys.organization(organizationId), 'detail'] as const,
  rosters: (organizationId: string) => [...organizationKeys.organization(organizationId), 'roster'] as const,
  roster: (organizationId: string, params: RosterParams) =>
    [...organizationKeys.rosters(organizationId), params] as const,
};

/** The profile lists each membership's organization name and mailing address. */
export const profileQueryKey = ['profile'] as const;
