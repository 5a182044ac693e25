import { Modal, Text } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { staffEventMessages } from '@portal/domain/events/admin-contracts.ts';
import { notifyError } from '../../../lib/errors.ts';
import { lazy, Suspense } from 'react';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useEventChange, type EventChange } from '../api/events.ts';
import type { GroupingFormValues, PathFormValues, SectionFormValues, TicketTypeFormValues } from './form-values.ts';

// The forms and their validation (zod) load when staff first open one.
const PartEditorForm = lazy(() => import('./part-editor-form.tsx').then((m) => ({ default: m.PartEditorForm })));

/** What the modal is editing: a new part (id null) under its parent, or an existing one. */
export type PartEdit =
  | { part: 'ticketType'; id: string | null; values: TicketTypeFormValues }
  | { part: 'path'; id: string | null; values: PathFormValues }
  | { part: 'grouping'; id: string | null; pathId: string; values: GroupingFormValues }
  | { part: 'section'; id: string | null; groupingId: string; ticketsTaken: number | null; values: SectionFormValues };

const partNames = { ticketType: 'ticket type', path: 'path', grouping: 'grouping', section: 'section' } as const;

/** The modal with the form of the part being added or edited. */
export function PartEditorModal({
  eventId,
  edit,
  onClose,
}: {
  eventId: string;
  edit: PartEdit | null;
  onClose: () => void;
}) {
  const name = edit ? partNames[edit.part] : '';
  const title = edit ? `${edit.id === null ? 'Add' : 'Edit'} ${name}` : '';
  return (
    <Modal opened={edit !== null} onClose={onClose} title={title} size="lg">
      <Suspense fallback={<PageLoader label="Loading the form" />}>
        {edit ? (
          <PartEditorForm key={`${edit.part}-${edit.id ?? 'new'}`} eventId={eventId} edit={edit} onDone={onClose} />
        ) : null}
      </Suspense>
    </Modal>
  );
}

/**
 * Deleting a part, after confirming: refused with 409 (inUse) when tickets were sold for it, which
 * the toast says in the server's words.
 */
export function useDeletePart(eventId: string) {
  const change = useEventChange(eventId);
  return (what: string, name: string, call: EventChange, consequence?: string) =>
    openConfirmModal({
      title: `Delete ${what} ${name}?`,
      children: <Text size="sm">{consequence ? `${consequence} ` : ''}This cannot be undone.</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red.9' },
      onConfirm: () =>
        change.mutate(call, {
          onSuccess: () => notifications.show({ color: 'green', message: staffEventMessages.deleted }),
          onError: notifyError,
        }),
    });
}
