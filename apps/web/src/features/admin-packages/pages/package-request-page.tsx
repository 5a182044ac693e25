import { Anchor, Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { openConfirmModal } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { formatUsDate } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import {
  packageMessages,
  packageStatusLabels,
  staffActionAllowed,
  staffPackageActions,
  type StaffPackageAction,
} from '@portal/domain/packages/rules.ts';
import type { PackageRequestDetail } from '@portal/domain/packages/contracts.ts';
import { staffOverrideAllowed, staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { ResponsiveTable } from '../../../ui/responsive-table.tsx';
import { GradeOverrideCard } from '../components/grade-override-card.tsx';
import {
  staffRequestQuery,
  useDecidePackageRequest,
  useOverrideSelection,
  type OverrideKind,
} from '../api/packages.ts';

export const staffPackageRequestLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    if (params.packageRequestId) await queryClient.prefetchQuery(staffRequestQuery(params.packageRequestId));
    return null;
  };

interface Line {
  kind: OverrideKind;
  itemId: string;
  name: string;
  unit: string;
  requested: number;
  override: number | null;
  overrideDate: string | null;
  createdByAdmin: boolean;
}

function linesOf(detail: PackageRequestDetail): Line[] {
  const { selections, package: pkg } = detail;
  const pd = new Map(selections.pdSessions.map((s) => [s.pdSessionId, s]));
  const ev = new Map(selections.events.map((s) => [s.packageEventId, s]));
  const gs = new Map(selections.groupSections.map((s) => [s.groupSectionId, s]));
  const ins = new Map(selections.institutes.map((s) => [s.packageInstituteId, s]));
  return [
    ...pkg.pdSessionGroupings.flatMap((g) =>
      g.pdSessions.map((s) => {
        const row = pd.get(s.id);
        return {
          kind: 'pdSession' as const,
          itemId: s.id,
          name: s.name,
          unit: 'days',
          requested: row?.requestedDays ?? 0,
          override: row?.overrideAmount ?? null,
          overrideDate: row?.overrideDate ?? null,
          createdByAdmin: row ? !row.createdByInitiator : false,
        };
      }),
    ),
    ...pkg.events.map((e) => {
      const row = ev.get(e.id);
      return {
        kind: 'event' as const,
        itemId: e.id,
        name: e.name,
        unit: 'participants',
        requested: row?.requestedParticipants ?? 0,
        override: row?.overrideAmount ?? null,
        overrideDate: row?.overrideDate ?? null,
        createdByAdmin: false,
      };
    }),
    ...pkg.groups.flatMap((g) =>
      g.sections.map((s) => {
        const row = gs.get(s.id);
        return {
          kind: 'groupSection' as const,
          itemId: s.id,
          name: `${g.name}: ${s.title}`,
          unit: 'participants',
          requested: row?.requestedParticipants ?? 0,
          override: row?.overrideParticipants ?? null,
          overrideDate: row?.overrideDate ?? null,
          createdByAdmin: false,
        };
      }),
    ),
    ...pkg.institutes.map((i) => {
      const row = ins.get(i.id);
      return {
        kind: 'institute' as const,
        itemId: i.id,
        name: i.name,
        unit: 'participants',
        requested: row?.requestedParticipants ?? 0,
        override: row?.overrideAmount ?? null,
        overrideDate: row?.overrideDate ?? null,
        createdByAdmin: row ? !row.createdByInitiator : false,
      };
    }),
  ];
}

function OverrideRow({ requestId, line, overridable }: { requestId: string; line: Line; overridable: boolean }) {
  const override = useOverrideSelection(requestId);
  const [value, setValue] = useState(line.override === null ? '' : String(line.override));
  const [date, setDate] = useState(line.overrideDate ?? '');
  const amount = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(amount) && amount >= 0 && amount <= 100_000;
  const send = (next: number | null) =>
    openConfirmModal({
      title: next === null ? `Clear the override of ${line.name}?` : `Override ${line.name}?`,
      children: (
        <Text size="sm">
          {next === null
            ? `The member's ${line.requested} ${line.unit} count again${line.createdByAdmin ? '; a selection created by admin is removed' : ''}.`
            : `${next} ${line.unit} replace the member's ${line.requested}, and the member can no longer change them.`}
        </Text>
      ),
      labels: { confirm: next === null ? 'Clear' : 'Override', cancel: 'Cancel' },
      onConfirm: () =>
        override.mutate(
          {
            kind: line.kind,
            itemId: line.itemId,
            amount: next,
            ...(next !== null && date ? { overrideDate: date } : {}),
          },
          {
            onSuccess: () => notifications.show({ color: 'green', message: packageMessages.updated }),
            onError: notifyError,
          },
        ),
    });
  return (
    <Table.Tr>
      <Table.Td>
        <Text size="sm">{line.name}</Text>
        {line.createdByAdmin ? <Text size="xs">{packageMessages.createdByAdmin}</Text> : null}
        {line.overrideDate ? (
          <Text size="xs">{`${packageMessages.overriddenByAdmin} on ${formatUsDate(line.overrideDate)}`}</Text>
        ) : null}
      </Table.Td>
      <Table.Td>{line.createdByAdmin ? 'Not selected' : `${line.requested} ${line.unit}`}</Table.Td>
      {overridable ? (
        <Table.Td>
          <Group gap="xs" align="flex-end">
            <TextInput
              type="number"
              min={0}
              label={`Override for ${line.name}`}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              w={120}
            />
            <TextInput
              type="date"
              label={`Override date for ${line.name}`}
              description="Today when empty"
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              w={170}
            />
            <Button size="sm" onClick={() => send(amount)} disabled={!valid || override.isPending}>
              Override
            </Button>
            {line.overrideDate ? (
              <Button size="sm" variant="default" onClick={() => send(null)} disabled={override.isPending}>
                Clear
              </Button>
            ) : null}
          </Group>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

function Decisions({ detail }: { detail: PackageRequestDetail }) {
  const decide = useDecidePackageRequest(detail.id);
  const actions = (Object.keys(staffPackageActions) as StaffPackageAction[]).filter((action) =>
    staffActionAllowed(action, detail.status),
  );
  if (actions.length === 0) return null;
  const confirm = (action: StaffPackageAction) =>
    openConfirmModal({
      title: `${staffPackageActions[action].label}?`,
      children: <Text size="sm">{`${detail.organization.name}: ${detail.package.name}`}</Text>,
      labels: { confirm: staffPackageActions[action].label, cancel: 'Cancel' },
      confirmProps: action === 'reject' ? { color: 'red.9' } : {},
      onConfirm: () =>
        decide.mutate(action, {
          onSuccess: (saved) =>
            notifications.show({
              color: 'green',
              message: `${packageMessages.updated}: ${packageStatusLabels[saved.status]}`,
            }),
          onError: notifyError,
        }),
    });
  return (
    <Group gap="sm">
      {actions.map((action) => (
        <Button
          key={action}
          variant={action === 'accept' ? 'filled' : 'default'}
          onClick={() => confirm(action)}
          loading={decide.isPending && decide.variables === action}
        >
          {staffPackageActions[action].label}
        </Button>
      ))}
    </Group>
  );
}

/** /admin/package-requests/{id}: a request's selections and totals, the decision and the overrides (§4). */
export function StaffPackageRequestPage() {
  const id = useParams().packageRequestId ?? '';
  const request = useQuery(staffRequestQuery(id));
  if (request.isPending) return <PageLoader label="Loading the package request" />;
  if (request.isError) {
    if (isApiError(request.error, 404)) return <NotFound />;
    return <ErrorState message={errorMessage(request.error)} onRetry={() => void request.refetch()} />;
  }
  const detail = request.data;
  const { totals } = detail;
  const overridable = staffOverrideAllowed(detail.status);
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/packages" size="sm">
        Back to packages
      </Anchor>
      <Stack gap="2xs">
        <Title order={1}>{detail.package.name}</Title>
        <Text>
          {detail.organization.name} · {detail.package.schoolYear.name} · {packageStatusLabels[detail.status]}
          {detail.usingPtaFunds ? ' · using PTA funds' : ''}
        </Text>
      </Stack>
      <Decisions detail={detail} />
      <Card withBorder padding="md">
        <Text fw={700}>
          Package total:{' '}
          {totals.total.low === totals.total.high
            ? formatCents(totals.total.low)
            : `${formatCents(totals.total.low)} – ${formatCents(totals.total.high)}`}
        </Text>
        <Text size="sm">Package minimum: {formatCents(totals.minimumAmount)}</Text>
      </Card>
      <Title order={2}>Selections</Title>
      {overridable ? null : <Text size="sm">{staffPackageMessages.overrideClosed}</Text>}
      <ResponsiveTable minWidth={640} withTableBorder striped aria-label="Selections">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Item</Table.Th>
            <Table.Th scope="col">Requested</Table.Th>
            {overridable ? <Table.Th scope="col">Override</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {linesOf(detail).map((line) => (
            <OverrideRow
              key={`${line.itemId}-${line.override ?? 'none'}-${line.overrideDate ?? ''}`}
              requestId={detail.id}
              line={line}
              overridable={overridable}
            />
          ))}
        </Table.Tbody>
      </ResponsiveTable>
      {detail.package.institutes.length > 0 ? (
        <>
          <Title order={2}>Participants by grade</Title>
          {detail.package.institutes.map((institute) => {
            const selection = detail.selections.institutes.find((s) => s.packageInstituteId === institute.id);
            return (
              <GradeOverrideCard
                key={`${institute.id}-${JSON.stringify(selection?.grades ?? [])}-${selection?.overrideDate ?? ''}`}
                detail={detail}
                institute={institute}
                selection={selection}
                overridable={overridable}
              />
            );
          })}
        </>
      ) : null}
    </Stack>
  );
}
