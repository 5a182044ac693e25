import { z } from 'zod';
import { pageQuery, paginated } from '../pagination.ts';
import { organizationRoleLabels, organizationRoles, providerRoles } from './roles.ts';

export const adminUserSearch = pageQuery.extend({ search: z.string().trim().max(100).optional() });

export const adminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(providerRoles),
  /** The organizations the user belongs to (not archived), by name, with their role in each. */
  organizations: z.array(z.object({ name: z.string(), role: z.enum(organizationRoles) })),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

/**
 * What a user is, as the staff Users list says it: "Staff" for the provider's staff, then their
 * role in each organization ("Owner of Lincoln Elementary School"); "Member" for a member of none.
 */
export function userRoleDescriptions(row: Pick<AdminUserRow, 'role' | 'organizations'>): string[] {
  const inOrganizations = row.organizations.map(
    (organization) => `${organizationRoleLabels[organization.role]} of ${organization.name}`,
  );
  if (row.role === 'STAFF') return ['Staff', ...inOrganizations];
  return inOrganizations.length > 0 ? inOrganizations : ['Member'];
}

export const adminUserPage = paginated(adminUserRow);
export type AdminUserPage = z.infer<typeof adminUserPage>;
