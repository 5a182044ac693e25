import { Group, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { registrationRequestMessages } from '@portal/domain/registrations/messages.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListPagination } from '../../../ui/list-pagination.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { adminRequestsPageSize, adminRequestsQuery } from '../api/registration.ts';
import { RequestsTable } from './requests-table.tsx';

/** One event's registration requests with their own paging (the event's group registration page). */
export function RequestsList({ eventId }: { eventId: string }) {
  const [page, setPage] = useState(1);
  const requests = useQuery(adminRequestsQuery({ page, eventId }));
  if (requests.isPending) return <PageLoader label="Loading registration requests" />;
  if (requests.isError)
    return <ErrorState message={errorMessage(requests.error)} onRetry={() => void requests.refetch()} />;
  if (requests.data.total === 0) return <EmptyState message={registrationRequestMessages.empty} />;
  return (
    <Stack gap="sm">
      <RequestsTable requests={requests.data.items} />
      <Group justify="flex-end">
        <ListPagination
          total={Math.max(1, Math.ceil(requests.data.total / adminRequestsPageSize))}
          value={page}
          onChange={setPage}
          hideWithOnePage
          aria-label="Registration request pages"
        />
      </Group>
    </Stack>
  );
}
