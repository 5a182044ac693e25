import { Stack, Table } from '@mantine/core';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { formatMomentDay } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import { districtSeatMessages, type SeatBlock, type SeatBlockPage } from '@portal/domain/organizations/seat-blocks.ts';
import { errorMessage } from '../../lib/errors.ts';
import { useProviderTimeZone } from '../../lib/time-zone.ts';
import { EmptyState } from '../../ui/empty-state.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { ListFooter } from '../../ui/list-pagination.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../ui/responsive-table.tsx';

interface SeatBlocksTableProps {
  blocks: SeatBlockPage;
  onPage: (page: number) => void;
  /** What may be done with a block that still holds seats (the administrators give or return them); none for staff. */
  actions?: (block: SeatBlock) => ReactNode;
}

/** The seats a district bought ahead, newest first: each purchase with what was given, returned and is left. */
function SeatBlocksTable({ blocks, onPage, actions }: SeatBlocksTableProps) {
  const timeZone = useProviderTimeZone();
  if (blocks.total === 0) return <EmptyState message={districtSeatMessages.empty} />;
  return (
    <Stack gap="sm">
      <ResponsiveTable minWidth={actions ? 880 : 720} striped aria-label={districtSeatMessages.sectionTitle}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Bought</Table.Th>
            <Table.Th scope="col">Seats of</Table.Th>
            <Table.Th scope="col">Price</Table.Th>
            <Table.Th scope="col">Seats</Table.Th>
            <Table.Th scope="col">Given</Table.Th>
            <Table.Th scope="col">Returned</Table.Th>
            <Table.Th scope="col">Left</Table.Th>
            {actions ? <Table.Th scope="col">Actions</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {blocks.items.map((block) => (
            <Table.Tr key={block.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMomentDay(block.createdAt, timeZone)}</Table.Td>
              <Table.Td>{block.title}</Table.Td>
              <Table.Td>{formatCents(block.priceCents)}</Table.Td>
              <Table.Td>{block.seats}</Table.Td>
              <Table.Td>{block.seatsGiven}</Table.Td>
              <Table.Td>{block.seatsReturned}</Table.Td>
              <Table.Td>{block.seatsLeft}</Table.Td>
              {actions ? <Table.Td>{block.seatsLeft > 0 ? actions(block) : null}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      <ListFooter
        total={blocks.total}
        noun={['purchase', 'purchases']}
        totalPages={Math.max(1, Math.ceil(blocks.total / blocks.pageSize))}
        page={blocks.page}
        onPage={onPage}
      />
    </Stack>
  );
}

/** The seats bought ahead read a page at a time through `blocks` (the staff's or the administrators' route). */
export function SeatBlocks<Key extends QueryKey>({
  blocks,
  actions,
}: {
  blocks: (page: number) => UseQueryOptions<SeatBlockPage, Error, SeatBlockPage, Key>;
  actions?: (block: SeatBlock) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const read = useQuery(blocks(page));
  if (read.isPending) return <PageLoader label="Loading the seats bought ahead" />;
  if (read.isError) return <ErrorState message={errorMessage(read.error)} onRetry={() => void read.refetch()} />;
  return <SeatBlocksTable blocks={read.data} onPage={setPage} {...(actions ? { actions } : {})} />;
}
