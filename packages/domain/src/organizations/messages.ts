// The affiliation screens' texts and search rules, kept free of zod so a page that only lists
// affiliations (the profile) need not load the schemas; affiliations.ts re-exports both.

/** Address messages of the new-organization form are organizationMessages' (same form fields). */
export const affiliationMessages = {
  organizationRequired: 'Organization is required',
  positionRequired: 'Position is required',
  gradesRequired: 'Grade selection is required',
  atLeastOne: 'At least one affiliation is required',
  selectionRequired: 'Selection required',
  nameRequired: 'Required',
  districtRequired: 'District is required',
  created: 'Success! New Organization Created!',
  createNew: 'Create a New Organization',
  saved: 'Affiliation saved',
  removed: 'Affiliation removed',
  alreadyAffiliated: 'You are already affiliated with this organization.',
  ownerCannotRemove: 'An owner cannot remove this affiliation. Please contact support.',
  organizationExists: 'This organization already exists in this district. Search for it instead.',
} as const;

/**
 * Organization and district lookups start at 3 characters and show 10 at a time (§9). Matches are
 * counted up to `countedMatches`: a term more names contain is said to match "over 1,000".
 */
export const searchRules = { minLength: 3, pageSize: 10, debounceMs: 300, countedMatches: 1000 } as const;
