import { Pagination, type PaginationProps } from '@mantine/core';

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
