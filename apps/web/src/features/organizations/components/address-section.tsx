import { Button } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { AddressReply } from '@portal/domain/contact.ts';
import type { Lookups } from '../../../lib/lookups.ts';
import { AddressLines } from '../../../ui/address-lines.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { Section } from './section.tsx';

const AddressForm = lazy(() => import('./address-form.tsx').then((m) => ({ default: m.AddressForm })));

const titles = { 'mailing-address': 'Mailing address', 'billing-address': 'Billing address' } as const;

interface AddressSectionProps {
  organizationId: string;
  kind: keyof typeof titles;
  address: AddressReply;
  lookups: Lookups;
}

/** The mailing or the billing address, shown (or 'Not set') and edited in place by an OWNER or ADMIN. */
export function AddressSection({ organizationId, kind, address, lookups }: AddressSectionProps) {
  const [editing, setEditing] = useState(false);
  const title = titles[kind];

  return (
    <Section
      title={title}
      action={
        editing ? null : (
          <Button variant="default" size="xs" onClick={() => setEditing(true)}>
            Edit {title.toLowerCase()}
          </Button>
        )
      }
    >
      {editing ? (
        <Suspense fallback={<PageLoader label="Loading the form" />}>
          <AddressForm
            organizationId={organizationId}
            kind={kind}
            address={address}
            lookups={lookups}
            onDone={() => setEditing(false)}
          />
        </Suspense>
      ) : (
        <AddressLines address={address} withPhone />
      )}
    </Section>
  );
}
