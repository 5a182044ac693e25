import { Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { auditKindLabels, auditKinds, type AuditLogRow } from '@portal/domain/audit/audit-log.ts';
import { formatMoment } from '@portal/domain/dates.ts';
import { useListFilter, useListSearch } from '../../../lib/list-search.ts';
import { useProviderTimeZone } from '../../../lib/time-zone.ts';
import { ExportMenu } from '../../../ui/export-menu.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { SearchList } from '../../../ui/search-list.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { MachineText } from '../../../ui/machine-text.tsx';
import { auditLogFilters, auditLogPageSize, auditLogParams, auditLogPath, auditLogQuery } from '../api/audit-log.ts';

export const auditLogLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    await queryClient.prefetchQuery(auditLogQuery(auditLogParams(new URL(request.url).searchParams)));
    return null;
  };

const kinds = [
  { value: 'ALL', label: 'All' },
  ...auditKinds.map((kind) => ({ value: kind, label: auditKindLabels[kind] })),
];

function AuditTable({ entries }: { entries: AuditLogRow[] }) {
  const timeZone = useProviderTimeZone();
  return (
    <ResponsiveTable minWidth={960} striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">When</Table.Th>
          <Table.Th scope="col">Action</Table.Th>
          <Table.Th scope="col">Who</Table.Th>
          <Table.Th scope="col">Organization</Table.Th>
          <Table.Th scope="col">Subject</Table.Th>
          <Table.Th scope="col">Details</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((entry) => (
          <Table.Tr key={entry.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatMoment(entry.at, timeZone)}</Table.Td>
            <Table.Td>{entry.actionLabel}</Table.Td>
            <Table.Td>
              <Text size="sm">{entry.actorName ?? 'Removed user'}</Text>
              {entry.actorEmail ? (
                <Text size="xs" c="dimmed">
                  <EmailAddress email={entry.actorEmail} />
                </Text>
              ) : null}
              {entry.impersonatorName ? (
                <Text size="xs" c="dimmed">
                  Viewed as them by {entry.impersonatorName}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{entry.organizationName ?? ''}</Table.Td>
            <Table.Td>
              <MachineText text={entry.subject} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">
                <MachineText text={entry.details} />
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </ResponsiveTable>
  );
}

/** The organization box: its text lands in the URL once typing pauses, as the search box's does. */
function OrganizationFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [input, setInput] = useState(value);
  const [debounced] = useDebouncedValue(input.trim(), 300);
  useEffect(() => {
    if (debounced !== value) onChange(debounced);
  }, [debounced, value, onChange]);
  return (
    <TextInput
      label="Organization"
      description="Part of its name"
      type="search"
      value={input}
      onChange={(event) => setInput(event.currentTarget.value)}
      w={260}
      maw="100%"
    />
  );
}

/** /admin/audit-log: who did what (impersonations, approvals, overrides, decisions, role changes), newest first. */
export function AuditLogPage() {
  const search = useListSearch();
  const [searchParams] = useSearchParams();
  const setListFilter = useListFilter();
  const params = auditLogParams(searchParams);
  const entries = useQuery(auditLogQuery(params));

  return (
    <SearchList
      title="Audit log"
      noun={['entry', 'entries']}
      searchDescription="Who acted or viewed as them: name or email"
      emptyMessage="No entries match"
      pageSize={auditLogPageSize}
      search={search}
      query={entries}
      actions={<ExportMenu path={`${auditLogPath}/export`} filters={auditLogFilters(params)} noun="audit log" />}
      filters={
        <>
          <OrganizationFilter value={params.organization} onChange={(value) => setListFilter('organization', value)} />
          <Select
            label="Kind"
            data={kinds}
            value={params.kind}
            onChange={(value) => setListFilter('kind', value, 'ALL')}
            allowDeselect={false}
            w={260}
          />
        </>
      }
    >
      {(items) => <AuditTable entries={items} />}
    </SearchList>
  );
}
