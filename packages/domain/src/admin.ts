import { z } from 'zod';
import { providerRoles } from './roles.ts';

export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), page: z.number(), pageSize: z.number(), total: z.number() });
}

export const adminUserSearch = pageQuery.extend({ search: z.string().trim().max(100).optional() });

export const adminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(providerRoles),
  organizations: z.array(z.string()),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminUserPage = paginated(adminUserRow);
export type AdminUserPage = z.infer<typeof adminUserPage>;
