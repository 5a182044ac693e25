import { applicationPaths } from '@portal/domain/applications/paths.ts';
import { paymentDueText, type ApplicationDecision } from '@portal/domain/applications/rules.ts';
import type { MailInput } from '../../platform/mail.ts';

export interface DecisionMailFacts {
  decision: ApplicationDecision;
  to: string;
  firstName: string;
  eventName: string;
  applicationId: string;
  note: string | undefined;
  dueDays: number | null;
  /** A payment in progress was cancelled with a voided application. */
  paymentCancelled: boolean;
  publicUrl: string;
}

const subjects: Record<ApplicationDecision, (eventName: string) => string> = {
  ACCEPT: (eventName) => `Your application to ${eventName} was accepted`,
  REJECT: (eventName) => `Your application to ${eventName} was not accepted`,
  REQUEST_CHANGES: (eventName) => `Changes requested to your application to ${eventName}`,
  VOID: (eventName) => `Your application to ${eventName} was voided`,
};

function body(facts: DecisionMailFacts): string[] {
  const list = `${facts.publicUrl}${applicationPaths.list}`;
  switch (facts.decision) {
    case 'ACCEPT':
      return [
        `Congratulations: your application to ${facts.eventName} was accepted.`,
        '',
        `To confirm your place, please pay by card or purchase order under My Event Applications${facts.dueDays === null ? '' : ` (${paymentDueText(facts.dueDays)})`}:`,
        list,
      ];
    case 'REJECT':
      return [
        `We are sorry: your application to ${facts.eventName} was not accepted.`,
        '',
        `Your applications: ${list}`,
      ];
    case 'REQUEST_CHANGES':
      return [
        `Our staff reviewed your application to ${facts.eventName} and ask you to make some changes before they decide.`,
        'You can edit your application again and submit it once more:',
        `${facts.publicUrl}${applicationPaths.step(facts.applicationId, 'general-information')}`,
      ];
    case 'VOID':
      return [
        `Your application to ${facts.eventName} was voided.`,
        ...(facts.paymentCancelled ? ['Its payment in progress was cancelled, so nothing is left to pay.'] : []),
        '',
        `Your applications: ${list}`,
      ];
  }
}

/** The applicant's mail after a staff decision, with the staff member's note when there is one. */
export function decisionMail(facts: DecisionMailFacts): MailInput {
  const note = facts.note ? ['', 'A note from our staff:', facts.note] : [];
  return {
    to: facts.to,
    subject: subjects[facts.decision](facts.eventName),
    text: [`Hello ${facts.firstName},`, '', ...body(facts), ...note].join('\n'),
  };
}
