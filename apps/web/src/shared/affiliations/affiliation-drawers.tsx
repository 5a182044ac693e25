import { Drawer } from '@mantine/core';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { affiliationMessages } from '@portal/domain/organizations/messages.ts';
import type { Affiliation } from '@portal/domain/organizations/affiliations.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useLookups } from '../../lib/lookups.ts';
import { ErrorState } from '../../ui/error-state.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { AffiliationForm } from './affiliation-form.tsx';

export interface AffiliationDrawersProps {
  opened: boolean;
  /** The affiliation being edited; null adds one. */
  affiliation: Affiliation | null;
  onClose: () => void;
}

const closeButtonProps = { 'aria-label': 'Close' };

// Most members only pick an existing organization: the creation form (address fields, district search)
// loads when its panel first opens.
const NewOrganizationForm = lazy(() =>
  import('./new-organization-form.tsx').then((m) => ({ default: m.NewOrganizationForm })),
);

/**
 * The affiliation editor and, stacked over it, the 'Create a New Organization' panel. Loaded only when
 * a member first opens the editor, so the profile page carries the list alone. Creating an
 * organization also creates the affiliation with it, so both panels close afterwards.
 */
export default function AffiliationDrawers({ opened, affiliation, onClose }: AffiliationDrawersProps) {
  const lookups = useLookups();
  const [creating, setCreating] = useState(false);

  const close = () => {
    setCreating(false);
    onClose();
  };

  const body = (content: (data: NonNullable<typeof lookups.data>) => ReactNode) =>
    lookups.isPending ? (
      <PageLoader label="Loading the form" />
    ) : lookups.isError ? (
      <ErrorState message={errorMessage(lookups.error)} onRetry={() => void lookups.refetch()} />
    ) : (
      content(lookups.data)
    );

  return (
    <Drawer.Stack>
      <Drawer
        stackId="affiliation"
        opened={opened}
        onClose={close}
        title={affiliation ? 'Edit affiliation' : 'Add affiliation'}
        position="right"
        size="md"
        closeButtonProps={closeButtonProps}
      >
        {opened
          ? body((data) => (
              <AffiliationForm
                affiliation={affiliation}
                lookups={data}
                onSaved={close}
                onCreateOrganization={() => setCreating(true)}
              />
            ))
          : null}
      </Drawer>
      <Drawer
        stackId="new-organization"
        opened={opened && creating}
        onClose={() => setCreating(false)}
        title={affiliationMessages.createNew}
        position="right"
        size="lg"
        closeButtonProps={closeButtonProps}
      >
        {creating
          ? body((data) => (
              <Suspense fallback={<PageLoader label="Loading the form" />}>
                <NewOrganizationForm lookups={data} onCreated={close} />
              </Suspense>
            ))
          : null}
      </Drawer>
    </Drawer.Stack>
  );
}
