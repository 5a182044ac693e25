import { Button, Group, NativeSelect, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { openConfirmModal } from '@mantine/modals';
import { useQuery } from '@tanstack/react-query';
import { takerGrantInput } from '@portal/domain/events/attendance.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { takersQuery, useGrantTaker, useRevokeTaker } from '../api/staff-attendance.ts';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';

const wholeEvent = 'ALL';
const resolve = schemaResolver(takerGrantInput, { sync: true });

interface TakersPanelProps {
  eventId: string;
  sections: { sectionId: string; title: string }[];
}

/** Who takes attendance: for the whole event or one section; staff add and remove them. */
export function TakersPanel({ eventId, sections }: TakersPanelProps) {
  const takers = useQuery(takersQuery(eventId));
  const grant = useGrantTaker(eventId);
  const revoke = useRevokeTaker(eventId);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '', scope: wholeEvent },
    validate: (values) =>
      resolve({ email: values.email, sectionId: values.scope === wholeEvent ? null : values.scope }),
  });
  const submit = form.onSubmit((values) => {
    grant.mutate(
      { email: values.email.trim().toLowerCase(), sectionId: values.scope === wholeEvent ? null : values.scope },
      { onSuccess: () => form.reset(), onError: (error) => showSubmitError(form, error) },
    );
  });
  const confirmRemove = (id: string, name: string) =>
    openConfirmModal({
      title: 'Remove attendance taker',
      children: <Text size="sm">{name} will no longer take attendance here. Are you sure you want to proceed?</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => revoke.mutate(id),
    });

  return (
    <Stack gap="sm" component="section" aria-labelledby="takers-heading">
      <Title order={2} size="h3" id="takers-heading">
        Attendance takers
      </Title>
      {takers.isPending ? (
        <Text role="status">Loading attendance takers…</Text>
      ) : takers.isError ? (
        <ErrorState message={errorMessage(takers.error)} onRetry={() => void takers.refetch()} />
      ) : takers.data.items.length === 0 ? (
        <EmptyState message="No attendance takers yet" />
      ) : (
        <ResponsiveTable minWidth={0} aria-label="Attendance takers" verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Takes attendance for</Table.Th>
              <Table.Th scope="col">Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {takers.data.items.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Text size="sm">{row.name}</Text>
                  <Text size="sm">
                    <EmailAddress email={row.email} />
                  </Text>
                </Table.Td>
                <Table.Td>{row.sectionTitle ?? 'All sections'}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    onClick={() => confirmRemove(row.id, row.name)}
                    aria-label={`Remove ${row.name}`}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      <form onSubmit={submit} noValidate aria-label="Add an attendance taker">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            withAsterisk
            key={form.key('email')}
            {...form.getInputProps('email')}
            style={{ flex: '1 1 220px' }}
          />
          {/* The browser's own list: a few choices, no search needed, and none of the combobox's code on this page. */}
          <NativeSelect
            label="For"
            data={[
              { value: wholeEvent, label: 'All sections' },
              ...sections.map((section) => ({ value: section.sectionId, label: section.title })),
            ]}
            key={form.key('scope')}
            {...form.getInputProps('scope')}
            style={{ flex: '1 1 200px' }}
          />
          <Button type="submit" loading={grant.isPending}>
            Add taker
          </Button>
        </Group>
      </form>
    </Stack>
  );
}
