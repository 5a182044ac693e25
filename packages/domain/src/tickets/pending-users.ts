import { z } from 'zod';
import { allocationMessages } from './allocation.ts';

// A module of its own: the add-user form's schema, apart from the messages and rules every allocation page reads, so
// those pages do not fetch zod for a form only the "Add New User" drawer shows (decision 0172).

/** POST /api/organizations/:organizationId/pending-users → 201 AssignableUser with isPending true. */
export const newPendingUser = z.object({
  firstName: z.string().trim().min(1, allocationMessages.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, allocationMessages.lastNameRequired).max(100),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, allocationMessages.emailRequired)
    .pipe(z.email(allocationMessages.emailInvalid)),
  organizationId: z
    .string({ error: allocationMessages.organizationRequired })
    .min(1, allocationMessages.organizationRequired)
    .pipe(z.uuid(allocationMessages.organizationRequired)),
});
export type NewPendingUser = z.infer<typeof newPendingUser>;
