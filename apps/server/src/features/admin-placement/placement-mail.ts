import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { placementMessages } from '@portal/domain/applications/placement.ts';
import type { MailInput } from '../../platform/mail.ts';

export interface PlacementMailFacts {
  to: string;
  firstName: string;
  eventName: string;
  sectionTitles: readonly string[];
  publicUrl: string;
}

/** The applicant's mail once their place is published: the section(s) they will attend. */
export function placementMail(facts: PlacementMailFacts): MailInput {
  return {
    to: facts.to,
    subject: `Your section at ${facts.eventName}`,
    text: [
      `Hello ${facts.firstName},`,
      '',
      `You have been placed for ${facts.eventName}.`,
      `${placementMessages.yourSection(facts.sectionTitles)}.`,
      '',
      `Your applications, with your section's resources: ${facts.publicUrl}${applicationPaths.list}`,
    ].join('\n'),
  };
}
