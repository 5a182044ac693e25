import { Group, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/errors.ts';
import type { useListSearch } from '../lib/list-search.ts';
import { EmptyState } from './empty-state.tsx';
import { ErrorState } from './error-state.tsx';
import { ListFooter } from './list-pagination.tsx';

interface Page<Item> {
  items: Item[];
  total: number;
}

interface SearchListProps<Item> {
  title: string;
  /** What is listed: ['organization', 'organizations']. */
  noun: readonly [string, string];
  pageSize: number;
  search: ReturnType<typeof useListSearch>;
  query: UseQueryResult<Page<Item>>;
  children: (items: Item[]) => ReactNode;
  /** What the search box matches (shown under its label); "Name" unless told. */
  searchDescription?: string;
  /** Shown when the list is empty; "No {items} found" unless told. */
  emptyMessage?: string;
  /** Beside the title: the list's own actions ("New event"). */
  actions?: ReactNode;
  /** Beside the search box: more ways to narrow the list (a status filter). */
  filters?: ReactNode;
}

/** A staff console list: a search box (in the URL), loading, error, empty, the table and its pages. */
export function SearchList<Item>({
  title,
  noun,
  pageSize,
  search,
  query,
  children,
  searchDescription = 'Name',
  emptyMessage,
  actions,
  filters,
}: SearchListProps<Item>) {
  const totalPages = query.data ? Math.max(1, Math.ceil(query.data.total / pageSize)) : 1;
  // The address holds the search: a reload must not have the browser restore an older text into the box.
  const searchBox = (
    <TextInput
      label={`Search ${noun[1]}`}
      description={searchDescription}
      type="search"
      autoComplete="off"
      value={search.input}
      onChange={(event) => search.setInput(event.currentTarget.value)}
      w={420}
      maw="100%"
    />
  );

  return (
    <Stack gap="md">
      {actions ? (
        <Group justify="space-between" align="center">
          <Title order={1}>{title}</Title>
          {actions}
        </Group>
      ) : (
        <Title order={1}>{title}</Title>
      )}
      {filters ? (
        <Group align="flex-end" gap="md">
          {searchBox}
          {filters}
        </Group>
      ) : (
        searchBox
      )}
      {query.isPending ? (
        <Stack gap="xs" role="status" aria-label={`Loading ${noun[1]}`}>
          {Array.from({ length: 5 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : query.isError ? (
        <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState message={emptyMessage ?? `No ${noun[1]} found`} />
      ) : (
        <>
          {children(query.data.items)}
          <ListFooter
            total={query.data.total}
            noun={noun}
            totalPages={totalPages}
            page={search.params.page}
            onPage={search.goToPage}
          />
        </>
      )}
    </Stack>
  );
}
