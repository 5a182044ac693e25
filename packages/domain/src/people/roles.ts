export const providerRoles = ['MEMBER', 'STAFF'] as const;
export type ProviderRole = (typeof providerRoles)[number];

export const organizationRoles = ['OWNER', 'ADMIN', 'MEMBER'] as const;
export type OrganizationRole = (typeof organizationRoles)[number];

export const organizationRoleLabels: Record<OrganizationRole, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MEMBER: 'Member',
};

export interface ContentAccess {
  toolKitAccess: boolean;
  schoolLeaderAccess: boolean;
}

/** Treasure Chest and My Saved Resources need toolkit access (organizations.md §6). */
export function hasToolkitAccess(access: ContentAccess): boolean {
  return access.toolKitAccess;
}
