import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { pastedListMessages } from '@portal/domain/people/pasted-list.ts';
import type { AssignableUser, ListedAssigneesReply } from '@portal/domain/tickets/allocation.ts';
import { api } from '../../lib/api.ts';
import { notifyError } from '../../lib/errors.ts';
import { LazyPasteListModal, preloadPasteList, type SeatedPerson } from '../pasted-list/lazy-paste-list-modal.tsx';
import type { DraftSlot } from './assignee-slots.tsx';
import { assigneeKeys, organizationPath } from './queries.ts';

/** One ticket filled from a pasted list. */
export interface ListedPick {
  index: number;
  user: AssignableUser;
}

/**
 * POST /api/organizations/{id}/pending-users/list: the list's people as the organization's members
 * and pending users (unknown emails invited as '+ Add New User' does). The pickers read again, so the
 * new pending users can be found there too.
 */
function useListedAssignees(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (people: SeatedPerson[]) =>
      api.post<ListedAssigneesReply>(organizationPath(organizationId, 'pending-users/list'), {
        people: people.map(({ email, firstName, lastName }) => ({ email, firstName, lastName })),
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: assigneeKeys.assignableUsers(organizationId) }),
  });
}

interface PasteAssigneesProps {
  organizationId: string;
  /** The line's heading, naming the button and the dialog when a page has several lines. */
  heading: string;
  slots: readonly DraftSlot[];
  onFill: (picks: ListedPick[]) => void;
}

/** 'Paste a list' for one bought line: its empty tickets, in order, from pasted emails or a CSV file. */
export function PasteAssignees({ organizationId, heading, slots, onFill }: PasteAssigneesProps) {
  const [opened, setOpened] = useState(false);
  const resolve = useListedAssignees(organizationId);
  const confirm = async (people: SeatedPerson[]) => {
    try {
      const { items } = await resolve.mutateAsync(people);
      const byEmail = new Map(items.map((user) => [user.email.toLowerCase(), user]));
      onFill(
        people.flatMap((person) => {
          const user = byEmail.get(person.email);
          return user ? [{ index: person.seat, user }] : [];
        }),
      );
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };
  return (
    <>
      <Button
        variant="default"
        size="xs"
        onClick={() => setOpened(true)}
        {...preloadPasteList}
        aria-label={`${pastedListMessages.paste} for ${heading}`}
      >
        {pastedListMessages.paste}
      </Button>
      <LazyPasteListModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={`${pastedListMessages.paste}: ${heading}`}
        freeSeats={slots.flatMap((slot, index) => (slot ? [] : [index]))}
        taken={slots.flatMap((slot) => (slot ? [slot.email] : []))}
        seatLabel={(index) => `Ticket ${index + 1}`}
        onConfirm={confirm}
      />
    </>
  );
}
