import type { PackageRequestStatus } from './rules.ts';

/**
 * The staff console's package messages and rules, without zod, so a page can load them without the
 * schemas (admin-contracts.ts holds those).
 */

export const staffPackageMessages = {
  nameRequired: 'Name is required',
  titleRequired: 'Title is required',
  amountInvalid: 'Enter an amount of $0.00 or more',
  countInvalid: 'Enter a whole number of 0 or more',
  intervalInvalid: 'Enter a whole number of 1 or more',
  maxBelowMin: 'The maximum must not be below the minimum',
  customSelectionsRequired: 'List the amounts to offer, e.g. 1, 3, 5',
  customSelectionsInvalid: 'Offer whole numbers of 1 or more, each once',
  freeSeatsRequired: 'Offer at least one free seat',
  schoolYearRequired: 'Choose a school year',
  eventRequired: 'Choose an event',
  ticketTypeRequired: 'Choose a ticket type',
  ticketTypeOfEvent: 'Choose a ticket type of the chosen event',
  nameTaken: 'A package with this name already exists for the school year.',
  packageNotFound: 'No such package.',
  itemNotFound: 'No such package item.',
  inUse: 'An organization has selected this item in a package request; it cannot be deleted.',
  saved: 'Package saved',
  created: 'Package created',
  deleted: 'Deleted',
  overrideClosed: 'A decided package request cannot be overridden; reopen it first.',
  overrideSaved: 'Package Request Updated',
  gradeTwice: 'List each grade once',
  gradesEmpty: 'Give at least one grade a participant; to leave the institute out, override its participants with 0',
  gradesOverridden:
    "This institute's grade distribution is overridden: its participants are the grades' sum. Override the grades, or clear the override first.",
  contractSaved: 'Contract saved',
  contractNotFound: 'No such contract.',
  contractTotalInvalid: 'Enter the contract total in dollars, e.g. 12,500.00',
  contractPackageRequired: 'Choose an accepted package request',
  contractRequestNotAccepted: 'Only an accepted package request of this organization can have a contract.',
  contractExists: 'This package request already has a contract.',
  signedPdfUploaded: 'Signed contract uploaded',
  /** A signed contract that is not a PDF by its content: the purchase orders' own words. */
  fileRequired: 'File required',
} as const;

/** Overrides change what the member asked for: only while the request is still open to decision. */
const overridable: readonly PackageRequestStatus[] = ['STARTED', 'SUBMITTED', 'CHANGES_REQUESTED', 'REOPENED'];
export const staffOverrideAllowed = (status: PackageRequestStatus) => overridable.includes(status);
