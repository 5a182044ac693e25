import { Button, Group, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { formatMoment } from '@portal/domain/dates.ts';
import { failedMailMessages } from '@portal/domain/staff/dashboard.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { listParams } from '../../../lib/list-search.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListFooter } from '../../../ui/list-pagination.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { failedMailPageSize, failedMailQuery, useRetryFailedMail } from '../api/dashboard.ts';

export const failedMailLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(failedMailQuery(listParams(new URL(request.url).searchParams).page));
    return null;
  };

const noun = ['failed mail', 'failed mails'] as const;

/** /admin/failed-mail: each mail the outbox stopped retrying, with the last error, for staff to follow up. */
export function FailedMailPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page } = listParams(searchParams);
  const mail = useQuery(failedMailQuery(page));
  const timeZone = useProviderTimeZone();
  const retry = useRetryFailedMail();
  const retrying = (mailId: string | null) => retry.isPending && retry.variables === mailId;

  const sendAgain = (mailId: string | null) =>
    retry.mutate(mailId, {
      onSuccess: ({ retried }) =>
        notifications.show({
          color: 'green',
          message: mailId ? failedMailMessages.retriedOne : failedMailMessages.retriedAll(retried),
        }),
      onError: notifyError,
    });

  const goToPage = (next: number) =>
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      params.set('page', String(next));
      return params;
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center">
        <Title order={1}>Failed mail</Title>
        {mail.data && mail.data.total > 0 ? (
          <Button variant="default" loading={retrying(null)} onClick={() => sendAgain(null)}>
            Send all again
          </Button>
        ) : null}
      </Group>
      <Text size="sm">
        Mail that could not be sent after every retry. Send it again once the cause is fixed: it goes back into the
        outbox and is tried as often as new mail.
      </Text>
      {mail.isPending ? (
        <Stack gap="xs" role="status" aria-label="Loading failed mail">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={36} />
          ))}
        </Stack>
      ) : mail.isError ? (
        <ErrorState message={errorMessage(mail.error)} onRetry={() => void mail.refetch()} />
      ) : mail.data.items.length === 0 ? (
        <EmptyState message="No failed mail" />
      ) : (
        <>
          <ResponsiveTable>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">To</Table.Th>
                <Table.Th scope="col">Subject</Table.Th>
                <Table.Th scope="col">Written</Table.Th>
                <Table.Th scope="col">Gave up</Table.Th>
                <Table.Th scope="col">Last error</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mail.data.items.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Th scope="row">
                    <EmailAddress email={row.to} />
                  </Table.Th>
                  <Table.Td>{row.subject}</Table.Td>
                  <Table.Td>{formatMoment(row.createdAt, timeZone)}</Table.Td>
                  <Table.Td>{row.failedAt ? formatMoment(row.failedAt, timeZone) : ''}</Table.Td>
                  <Table.Td>{row.lastError ?? ''}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      loading={retrying(row.id)}
                      onClick={() => sendAgain(row.id)}
                      aria-label={`Send again to ${row.to}: ${row.subject}`}
                    >
                      Send again
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
          <ListFooter
            total={mail.data.total}
            noun={noun}
            totalPages={Math.max(1, Math.ceil(mail.data.total / failedMailPageSize))}
            page={page}
            onPage={goToPage}
          />
        </>
      )}
    </Stack>
  );
}
