import { z } from 'zod';
import { organizationAddress } from './contracts.ts';
import { affiliationMessages, searchRules } from './messages.ts';
import { organizationRoles } from '../people/roles.ts';

// Re-exported from a zod-free file, so screens can show these without loading the schemas.
export { affiliationMessages, searchRules } from './messages.ts';

export const searchQuery = z.object({
  search: z.string().trim().min(searchRules.minLength, `Type at least ${searchRules.minLength} characters`).max(100),
  skip: z.coerce.number().int().min(0).default(0),
  take: z.coerce.number().int().min(1).max(50).default(searchRules.pageSize),
});

export const organizationSearchResult = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      districtName: z.string().nullable(),
      city: z.string().nullable(),
      stateProvince: z.string().nullable(),
    }),
  ),
  total: z.number(),
  /** More names match than `total` (searchRules.countedMatches): counting stopped there. */
  totalCapped: z.boolean(),
});
export const districtSearchResult = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string() })),
  total: z.number(),
  totalCapped: z.boolean(),
});

export const affiliationInput = z.object({
  organizationId: z.uuid(affiliationMessages.organizationRequired),
  positionId: z.uuid(affiliationMessages.positionRequired),
  gradeIds: z.array(z.uuid()).min(1, affiliationMessages.gradesRequired),
});
export type AffiliationInput = z.input<typeof affiliationInput>;

export const affiliation = z.object({
  membershipId: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  districtName: z.string().nullable(),
  role: z.enum(organizationRoles),
  positionId: z.string().nullable(),
  positionLabel: z.string().nullable(),
  gradeIds: z.array(z.string()),
  grades: z.array(z.string()),
});
export type Affiliation = z.infer<typeof affiliation>;

export const affiliationList = z.object({ items: z.array(affiliation) });

/** The 'Create a New Organization' panel (events.md §3 'Organization request', §5 'New organization'). */
export const newOrganization = organizationAddress
  .extend({
    organizationTypeId: z.uuid(affiliationMessages.selectionRequired),
    organizationName: z.string().trim().min(1, affiliationMessages.nameRequired).max(200),
    positionId: z.uuid(affiliationMessages.selectionRequired),
    gradeIds: z.array(z.uuid()).min(1, affiliationMessages.selectionRequired),
    /** Pick an existing district, type a new district's name, or say the organization has none. */
    isUnaffiliatedToDistrict: z.boolean().default(false),
    districtId: z.uuid().nullable().optional(),
    districtName: z.string().trim().max(200).nullable().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.isUnaffiliatedToDistrict) return;
    if (!value.districtId && !value.districtName) {
      ctx.addIssue({ code: 'custom', path: ['districtId'], message: affiliationMessages.districtRequired });
    }
  });
export type NewOrganization = z.input<typeof newOrganization>;

/** The reply to 'Create a New Organization': the organization and the caller's new affiliation. */
export const organizationCreated = z.object({
  message: z.literal(affiliationMessages.created),
  organization: z.object({ id: z.string(), name: z.string() }),
  affiliation,
});
export type OrganizationCreated = z.infer<typeof organizationCreated>;
