import { Button, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { organizationMessages, type OrganizationDetail } from '@portal/domain/organizations/contracts.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { Section } from './section.tsx';

const TicketRecipientForm = lazy(() =>
  import('./ticket-recipient-form.tsx').then((m) => ({ default: m.TicketRecipientForm })),
);

export const describeRecipient = (recipient: { name: string; email: string }) =>
  `${recipient.name} (${recipient.email})`;

/** Who receives the organization's tickets: one of its active members, chosen in place. */
export function TicketRecipientSection({ organization }: { organization: OrganizationDetail }) {
  const [editing, setEditing] = useState(false);

  return (
    <Section
      title="Ticket recipient"
      action={
        editing ? null : (
          <Button variant="default" size="xs" onClick={() => setEditing(true)}>
            Edit ticket recipient
          </Button>
        )
      }
    >
      {editing ? (
        <Suspense fallback={<PageLoader label="Loading the form" />}>
          <TicketRecipientForm organization={organization} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <Text>
          {organization.ticketRecipient ? describeRecipient(organization.ticketRecipient) : organizationMessages.notSet}
        </Text>
      )}
    </Section>
  );
}
