/**
 * Package ticket assignment's segments, tabs and pages (events.md §2, organizations.md §2), with no
 * zod, so Select a Service links to the pages without loading the schemas.
 */

export const packageAssignmentSegments = ['allocate-tickets', 'assign-staff', 'assign-applicants'] as const;
export type PackageAssignmentSegment = (typeof packageAssignmentSegments)[number];

export const packageAssignmentTabs: Record<PackageAssignmentSegment, string> = {
  'allocate-tickets': 'Allocate Conference Day Tickets',
  'assign-staff': 'Assign Staff to Events and Groups',
  'assign-applicants': 'Assign Institute Applicants',
};

/** The two pages of an accepted request (organizations.md §2): both the same three-tab screen, opened on their own tab. */
export const packageAssignmentPages = {
  'assign-tickets': { title: 'Allocate Tickets', segment: 'allocate-tickets' },
  'assign-staff': { title: 'Assign Staff', segment: 'assign-staff' },
} as const satisfies Record<string, { title: string; segment: PackageAssignmentSegment }>;
export type PackageAssignmentPage = keyof typeof packageAssignmentPages;

export const packageAssignmentPaths = {
  page: (packageRequestId: string, page: PackageAssignmentPage) =>
    `/members/manage-services/package-request/${encodeURIComponent(packageRequestId)}/${page}`,
} as const;
