import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { pickableUsers, type AssignableUser, type Slot } from '@portal/domain/tickets/allocation.ts';
import { displayName } from '@portal/domain/people/names.ts';
import { assignableUsersQuery, peopleAtQuery } from './queries.ts';

/** "Dana Diaz", or "Dana Diaz (pending)" for a user who has not signed in yet. */
export function userLabel(user: AssignableUser): string {
  return `${displayName(user)}${user.isPending ? ' (pending)' : ''}`;
}

export const searchDebounceMs = 300;

/**
 * Where a picker finds people: the organization's members and pending users (searched on the server),
 * only the buyer, or another route answering the same page of people (`path`, searched on the server).
 */
export type AssigneeSource =
  | { kind: 'organization'; organizationId: string }
  | { kind: 'buyer'; buyer: AssignableUser }
  | { kind: 'path'; path: string };

interface AssigneePickerProps {
  source: AssigneeSource;
  label: string;
  value: AssignableUser | null;
  /** The user ids of every slot of the section, and which one this picker fills: the others' choices are not offered. */
  slots: readonly Slot[];
  slotIndex: number;
  onChange: (user: AssignableUser | null) => void;
  disabled?: boolean;
  /** Shown in red under the field (this assignee is over the section's limit). */
  error?: string | undefined;
}

/**
 * One ticket's assignee: a searchable Select over the organization's members and pending users. The
 * server searches (typing paused 300 ms) and answers one page, so the list stays short with thousands
 * of staff; nothing is asked until the list is opened.
 */
export function AssigneePicker({
  source,
  label,
  value,
  slots,
  slotIndex,
  onChange,
  disabled,
  error,
}: AssigneePickerProps) {
  const selectedLabel = value ? userLabel(value) : '';
  const [search, setSearch] = useState(selectedLabel);
  const [opened, setOpened] = useState(false);
  // Showing the chosen person's name is not a search; anything else typed is.
  const term = search !== selectedLabel ? search.trim() : '';
  const [debounced] = useDebouncedValue(term, searchDebounceMs);
  const results = useQuery({
    ...(source.kind === 'path'
      ? peopleAtQuery(source.path, debounced)
      : assignableUsersQuery(source.kind === 'organization' ? source.organizationId : '', debounced)),
    enabled: opened && source.kind !== 'buyer',
  });
  const found = source.kind === 'buyer' ? [source.buyer] : (results.data?.items ?? []);

  const hits = pickableUsers(found, slots, slotIndex).filter((user) => user.id !== value?.id);
  const byId = new Map(hits.map((user) => [user.id, user]));
  if (value) byId.set(value.id, value);
  const data = [...(value ? [value] : []), ...hits].map((user) => ({ value: user.id, label: userLabel(user) }));

  const searching = debounced !== term || results.isFetching;
  const more = results.data && results.data.total > results.data.items.length;

  return (
    <Select
      label={label}
      placeholder="Name or email"
      searchable
      data={data}
      value={value?.id ?? null}
      onChange={(id) => {
        const user = id ? (byId.get(id) ?? null) : null;
        setSearch(user ? userLabel(user) : '');
        onChange(user);
      }}
      searchValue={search}
      onSearchChange={setSearch}
      onDropdownOpen={() => setOpened(true)}
      // Mantine puts the chosen person's name back into the field on blur.
      onDropdownClose={() => setOpened(false)}
      // The server has already matched the search; Mantine must not filter its answer again.
      filter={({ options }) => options}
      nothingFoundMessage={
        searching ? 'Searching…' : results.isError ? 'The search failed. Please try again.' : 'No users found'
      }
      description={
        opened ? (
          <span role="status">
            {searching
              ? 'Searching…'
              : more
                ? `Showing ${results.data?.items.length} of ${results.data?.total}: type to narrow`
                : ''}
          </span>
        ) : undefined
      }
      error={error}
      disabled={disabled}
      allowDeselect={false}
      renderOption={({ option }) => {
        const user = byId.get(option.value);
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {user ? (
              <Text size="xs" c="dimmed">
                {user.email}
              </Text>
            ) : null}
          </Stack>
        );
      }}
    />
  );
}
