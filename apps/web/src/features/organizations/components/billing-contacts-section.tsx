import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import { Fragment, lazy, Suspense, useState } from 'react';
import { organizationMessages, type OrganizationDetail } from '@portal/domain/organizations/contracts.ts';
import { displayName } from '@portal/domain/people/names.ts';
import type { Lookups } from '../../../lib/lookups.ts';
import { AddressLines } from '../../../ui/address-lines.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import type { BillingContact } from './billing-contact-form.tsx';
import { Section } from './section.tsx';

const BillingContactForm = lazy(() =>
  import('./billing-contact-form.tsx').then((m) => ({ default: m.BillingContactForm })),
);

function ContactDetails({ contact, onEdit }: { contact: BillingContact; onEdit: () => void }) {
  const name = displayName(contact);
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={0}>
        <Text fw={600}>{name}</Text>
        <Text>{contact.email}</Text>
        {contact.addressLine1 || contact.city || contact.phone ? <AddressLines address={contact} withPhone /> : null}
      </Stack>
      <Button variant="default" size="xs" onClick={onEdit} aria-label={`Edit billing contact ${name}`}>
        Edit
      </Button>
    </Group>
  );
}

interface BillingContactsSectionProps {
  organization: OrganizationDetail;
  lookups: Lookups;
}

/** Billing contacts: each edited in place, and "Add billing contact" for a new one. */
export function BillingContactsSection({ organization, lookups }: BillingContactsSectionProps) {
  // The contact being edited, 'new' while adding one, null when only showing them.
  const [editing, setEditing] = useState<string | null>(null);
  const done = () => setEditing(null);
  const contacts = organization.billingContacts;

  return (
    <Section
      title="Billing contacts"
      action={
        editing === null ? (
          <Button variant="default" size="xs" onClick={() => setEditing('new')}>
            Add billing contact
          </Button>
        ) : null
      }
    >
      {contacts.length === 0 && editing !== 'new' ? <Text>{organizationMessages.notSet}</Text> : null}
      {contacts.map((contact, index) => (
        <Fragment key={contact.id}>
          {index > 0 ? <Divider /> : null}
          {editing === contact.id ? (
            <Suspense fallback={<PageLoader label="Loading the form" />}>
              <BillingContactForm organizationId={organization.id} contact={contact} lookups={lookups} onDone={done} />
            </Suspense>
          ) : (
            <ContactDetails contact={contact} onEdit={() => setEditing(contact.id)} />
          )}
        </Fragment>
      ))}
      {editing === 'new' ? (
        <>
          {contacts.length > 0 ? <Divider /> : null}
          <Suspense fallback={<PageLoader label="Loading the form" />}>
            <BillingContactForm organizationId={organization.id} lookups={lookups} onDone={done} />
          </Suspense>
        </>
      ) : null}
    </Section>
  );
}
