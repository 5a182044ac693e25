import { Drawer } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useLookups } from '../../../lib/lookups.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';

// The form and its validation load when the panel first opens, keeping the roster itself small.
const AddStaffForm = lazy(() => import('./add-staff-form.tsx').then((m) => ({ default: m.AddStaffForm })));

interface AddStaffDrawerProps {
  organizationId: string;
  opened: boolean;
  onClose: () => void;
}

/** "Add staff member": a side panel with the invitation form; its option lists come from the lookups. */
export function AddStaffDrawer({ organizationId, opened, onClose }: AddStaffDrawerProps) {
  const lookups = useLookups();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Add staff member"
      position="right"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {lookups.isPending ? (
        <PageLoader label="Loading the form" />
      ) : lookups.isError ? (
        <ErrorState message={errorMessage(lookups.error)} onRetry={() => void lookups.refetch()} />
      ) : (
        <Suspense fallback={<PageLoader label="Loading the form" />}>
          <AddStaffForm organizationId={organizationId} lookups={lookups.data} onDone={onClose} />
        </Suspense>
      )}
    </Drawer>
  );
}
