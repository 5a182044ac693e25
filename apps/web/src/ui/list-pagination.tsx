import { Group, Pagination, Text, type PaginationProps } from '@mantine/core';

/** Mantine's pagination with its buttons named for screen readers: "Page 2", "Previous page", "Next page". */
export function ListPagination(props: Omit<PaginationProps, 'getItemProps' | 'getControlProps'>) {
  return (
    <Pagination
      {...props}
      getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
      getControlProps={(control) => ({ 'aria-label': `${control[0]?.toUpperCase()}${control.slice(1)} page` })}
    />
  );
}

interface ListFooterProps {
  /** How many rows the whole list has. */
  total: number;
  /** What is counted: ['user', 'users']. */
  noun: readonly [string, string];
  totalPages: number;
  page: number;
  onPage: (page: number) => void;
  /** Whether a screen reader hears the count when it changes (a list searched as one types). */
  announce?: boolean;
}

/** Under a paged list: how many rows it has, and its pages. */
export function ListFooter({ total, noun, totalPages, page, onPage, announce = false }: ListFooterProps) {
  return (
    <Group justify="space-between">
      <Text size="sm" role={announce ? 'status' : undefined}>
        {total} {total === 1 ? noun[0] : noun[1]}
      </Text>
      <ListPagination total={totalPages} value={page} onChange={onPage} hideWithOnePage />
    </Group>
  );
}
