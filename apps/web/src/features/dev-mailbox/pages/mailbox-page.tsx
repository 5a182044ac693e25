import { Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatMomentWithZone } from '@portal/domain/dates.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListPagination } from '../../../ui/list-pagination.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { mailboxPageSize, mailboxQuery, type MailboxMessage } from '../api/mailbox.ts';
import { LinkifiedText } from '../components/linkified-text.tsx';

function Message({ message, timeZone }: { message: MailboxMessage; timeZone: string }) {
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={`mail-${message.id}`}>
      <Stack gap="2xs">
        <Title order={2} size="h4" id={`mail-${message.id}`}>
          {message.subject}
        </Title>
        <Text size="sm">
          <strong>To:</strong> {message.to}
        </Text>
        <Text size="sm">
          <strong>Date:</strong>{' '}
          <time dateTime={message.createdAt}>{formatMomentWithZone(message.createdAt, timeZone)}</time>
        </Text>
        <Text component="div" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
          <LinkifiedText text={message.text} />
        </Text>
      </Stack>
    </Paper>
  );
}

/** /dev/mailbox: in development, the mail the portal would have sent, so sign-in and reset links work. */
export function MailboxPage() {
  const [page, setPage] = useState(1);
  const mailbox = useQuery(mailboxQuery(page));

  let content;
  if (mailbox.isPending) content = <PageLoader label="Loading messages" />;
  else if (mailbox.isError)
    content = isApiError(mailbox.error, 404) ? (
      <EmptyState message="The development mailbox is disabled." />
    ) : (
      <ErrorState message={errorMessage(mailbox.error)} onRetry={() => void mailbox.refetch()} />
    );
  else if (mailbox.data.items.length === 0) content = <EmptyState message="No messages" />;
  else
    content = (
      <Stack gap="md">
        {[...mailbox.data.items]
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map((message) => (
            <Message key={message.id} message={message} timeZone={mailbox.data.timeZone} />
          ))}
        <Group justify="flex-end">
          <ListPagination
            total={Math.max(1, Math.ceil(mailbox.data.total / mailboxPageSize))}
            value={page}
            onChange={setPage}
            hideWithOnePage
          />
        </Group>
      </Stack>
    );

  return (
    <Container component="main" size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Mailbox</Title>
        {content}
      </Stack>
    </Container>
  );
}
