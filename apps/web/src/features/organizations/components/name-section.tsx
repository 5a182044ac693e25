import { Button, Text } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { organizationPermissions, type OrganizationDetail } from '@portal/domain/organizations/contracts.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { Section } from './section.tsx';

// Forms (and the validation library) load when an edit starts, keeping the page itself small.
const NameForm = lazy(() => import('./name-form.tsx').then((m) => ({ default: m.NameForm })));

/** The organization's name: only its OWNER may change it (organizations.md §6). */
export function NameSection({ organization }: { organization: OrganizationDetail }) {
  const [editing, setEditing] = useState(false);
  const canEdit = organizationPermissions.editName(organization.organizationMemberRole);

  return (
    <Section
      title="Name"
      action={
        canEdit && !editing ? (
          <Button variant="default" size="xs" onClick={() => setEditing(true)}>
            Edit name
          </Button>
        ) : null
      }
    >
      {editing ? (
        <Suspense fallback={<PageLoader label="Loading the form" />}>
          <NameForm organization={organization} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <Text>{organization.name}</Text>
      )}
    </Section>
  );
}
