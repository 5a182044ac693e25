import { Button, Group, Skeleton, Stack, Table, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { schoolYearMessages, type SchoolYearInput } from '@portal/domain/content/organization-resources.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { schoolYearsQuery, useCreateSchoolYear } from '../api/content.ts';

/** /admin/school-years: the school years organization resources are filed under, latest first, and a new one. */
export function SchoolYearsPage() {
  const years = useQuery(schoolYearsQuery());
  const create = useCreateSchoolYear();
  const form = useForm<SchoolYearInput>({
    initialValues: { name: '', startsOn: '', endsOn: '' },
    validate: {
      name: (value) => (/^\d{4}-\d{4}$/.test(value.trim()) ? null : schoolYearMessages.nameFormat),
      startsOn: (value) => (value ? null : 'Enter a date'),
      endsOn: (value, values) => (!value ? 'Enter a date' : value <= values.startsOn ? schoolYearMessages.order : null),
    },
  });
  const submit = form.onSubmit((values) =>
    create.mutate(values, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: schoolYearMessages.created });
        form.reset();
      },
      onError: (error) => void showSubmitError(form, error),
    }),
  );

  return (
    <Stack gap="md">
      <Title order={1}>School years</Title>
      <form onSubmit={submit} noValidate aria-label="New school year">
        <Group align="flex-start" gap="sm">
          <TextInput label="Name" placeholder="2028-2029" withAsterisk {...form.getInputProps('name')} w={140} />
          <TextInput label="Starts on" type="date" withAsterisk {...form.getInputProps('startsOn')} w={170} />
          <TextInput label="Ends on" type="date" withAsterisk {...form.getInputProps('endsOn')} w={170} />
          <Button type="submit" mt={25} loading={create.isPending}>
            Add school year
          </Button>
        </Group>
      </form>
      {years.isPending ? (
        <Skeleton height={120} role="status" aria-label="Loading school years" />
      ) : years.isError ? (
        <ErrorState
          title="Could not load school years"
          message={errorMessage(years.error)}
          onRetry={() => void years.refetch()}
        />
      ) : (
        <Table maw={520}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Starts on</Table.Th>
              <Table.Th>Ends on</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {years.data.items.map((year) => (
              <Table.Tr key={year.id}>
                <Table.Td>{year.name}</Table.Td>
                <Table.Td>{year.startsOn}</Table.Td>
                <Table.Td>{year.endsOn}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
