import { Drawer } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { StaffPackageDetail } from '@portal/domain/packages/admin-contracts.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import type { PartKind } from '../api/packages.ts';
import { partNames, type FormValues } from './part-fields.ts';

// The forms and their validation (zod) load when staff first open one.
const PackagePartForm = lazy(() => import('./package-part-form.tsx').then((m) => ({ default: m.PackagePartForm })));

/** What the drawer edits: a new part (id null) under its parent, or an existing one, with the values to start from. */
export interface PartEdit {
  kind: PartKind;
  id: string | null;
  parentId: string | null;
  values: FormValues;
}

export function PartDrawer({
  edit,
  onClose,
}: {
  edit: PartEdit | null;
  onClose: (saved: StaffPackageDetail | null) => void;
}) {
  const title = edit ? `${edit.id === null ? 'Add' : 'Edit'} ${partNames[edit.kind]}` : '';
  return (
    <Drawer
      opened={edit !== null}
      onClose={() => onClose(null)}
      title={title}
      position="right"
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Suspense fallback={<PageLoader label="Loading the form" />}>
        {edit ? (
          <PackagePartForm
            key={`${edit.kind}-${edit.id ?? 'new'}-${edit.parentId ?? ''}`}
            kind={edit.kind}
            id={edit.id}
            parentId={edit.parentId}
            initialValues={edit.values}
            onDone={onClose}
          />
        ) : null}
      </Suspense>
    </Drawer>
  );
}
