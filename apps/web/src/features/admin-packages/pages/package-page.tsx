import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import { formatCents } from '@portal/domain/money.ts';
import type { StaffPackageDetail } from '@portal/domain/packages/admin-contracts.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { DetailSection } from '../../../ui/detail-section.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { staffPackageQuery, type PartKind } from '../api/packages.ts';
import { PartDrawer, type PartEdit } from '../components/part-drawer.tsx';
import { formValuesOf, packageSource } from '../components/part-fields.ts';
import { PartCard } from '../components/part-list.tsx';

export const staffPackageLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    if (params.packageId) await queryClient.prefetchQuery(staffPackageQuery(params.packageId));
    return null;
  };

const range = (min: number, max: number, interval: number, zero: boolean) =>
  `${min}–${max} in steps of ${interval}${zero ? ', 0 allowed' : ''}`;

type Open = (kind: PartKind, id: string | null, parentId: string | null, source: object | null) => void;

function Parts({ pkg, open }: { pkg: StaffPackageDetail; open: Open }) {
  const add = (kind: PartKind, label: string, parentId: string) => (
    <Group>
      <Button size="xs" variant="light" onClick={() => open(kind, null, parentId, null)}>
        {label}
      </Button>
    </Group>
  );
  return (
    <>
      <DetailSection title="PD session groupings">
        {pkg.pdSessionGroupings.length === 0 ? <EmptyState message="No PD session groupings yet" /> : null}
        {pkg.pdSessionGroupings.map((grouping) => (
          <PartCard
            key={grouping.id}
            kind="grouping"
            id={grouping.id}
            name={grouping.title}
            summary={`At least ${grouping.minDays} days`}
            onEdit={() => open('grouping', grouping.id, pkg.id, grouping)}
          >
            {grouping.pdSessions.map((session) => (
              <PartCard
                key={session.id}
                kind="pdSession"
                id={session.id}
                name={session.name}
                summary={`${session.setting === 'REMOTE' ? 'Remote' : 'On site'} · ${formatCents(session.dayRate)} a day · ${
                  session.useCustomSelection
                    ? `days ${session.customSelections.join(', ')}`
                    : range(session.minDays, session.maxDays, session.selectionInterval, session.allowZeroSelection)
                }`}
                onEdit={() => open('pdSession', session.id, grouping.id, session)}
              />
            ))}
            {add('pdSession', `Add a PD session to ${grouping.title}`, grouping.id)}
          </PartCard>
        ))}
        {add('grouping', 'Add a PD session grouping', pkg.id)}
      </DetailSection>
      <DetailSection title="Events">
        {pkg.events.length === 0 ? <EmptyState message="No events yet" /> : null}
        {pkg.events.map((event) => (
          <PartCard
            key={event.id}
            kind="event"
            id={event.id}
            name={event.name}
            summary={`${event.ticketTypeName}, ${formatCents(event.price)} · participants ${range(event.minParticipants, event.maxParticipants, event.selectionInterval, event.allowZeroSelection)}`}
            onEdit={() => open('event', event.id, pkg.id, event)}
          />
        ))}
        {add('event', 'Add an event', pkg.id)}
      </DetailSection>
      <DetailSection title="Groups">
        {pkg.groups.length === 0 ? <EmptyState message="No groups yet" /> : null}
        {pkg.groups.map((group) => (
          <PartCard
            key={group.id}
            kind="group"
            id={group.id}
            name={group.name}
            summary={`${formatCents(group.attendeeCost)} an attendee · ${group.minAttendees}–${group.maxAttendees} attendees${group.requiredForPurchase ? ` · required, minimum ${formatCents(group.minimumAmount)}` : ''}${
              group.enableFreeSeatOffer
                ? ` · ${group.freeSeatsInOffer} free past ${group.paidSeatsRequiredForOffer} paid`
                : ''
            }`}
            onEdit={() => open('group', group.id, pkg.id, group)}
          >
            {group.sections.map((section) => (
              <PartCard
                key={section.id}
                kind="section"
                id={section.id}
                name={section.title}
                summary={`${section.minTickets}–${section.maxTickets} tickets${section.staffDevelopers ? ` · ${section.staffDevelopers}` : ''}`}
                onEdit={() => open('section', section.id, group.id, section)}
              />
            ))}
            {add('section', `Add a section to ${group.name}`, group.id)}
          </PartCard>
        ))}
        {add('group', 'Add a group', pkg.id)}
      </DetailSection>
      <DetailSection title="Institutes">
        {pkg.institutes.length === 0 ? <EmptyState message="No institutes yet" /> : null}
        {pkg.institutes.map((institute) => (
          <PartCard
            key={institute.id}
            kind="institute"
            id={institute.id}
            name={institute.name}
            summary={`${formatCents(institute.participantCost)} a participant · ${range(institute.minParticipants, institute.maxParticipants, institute.selectionInterval, institute.allowZeroSelection)}`}
            onEdit={() => open('institute', institute.id, pkg.id, institute)}
          />
        ))}
        {add('institute', 'Add an institute', pkg.id)}
      </DetailSection>
    </>
  );
}

/** /admin/packages/{id}: the package and its parts, each added, edited and deleted in a drawer. */
export function StaffPackagePage() {
  const packageId = useParams().packageId ?? '';
  const query = useQuery(staffPackageQuery(packageId));
  const [edit, setEdit] = useState<PartEdit | null>(null);
  if (query.isPending) return <PageLoader label="Loading the package" />;
  if (query.isError) {
    if (isApiError(query.error, 404)) return <NotFound />;
    return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  const pkg = query.data;
  const open: Open = (kind, id, parentId, source) =>
    setEdit({ kind, id, parentId, values: formValuesOf(kind, source as Record<string, unknown> | null) });
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/admin/packages" size="sm">
        Back to packages
      </Anchor>
      <Stack gap="2xs">
        <Title order={1}>{pkg.name}</Title>
        <Text>
          {pkg.schoolYear.name} · minimum {formatCents(pkg.minimumAmount)} · travel{' '}
          {pkg.travelCost.type === 'ACTUAL_COST' ? 'at actual cost' : 'fixed'},{' '}
          {formatCents(pkg.travelCost.amountPerDay)} a day ·{' '}
          {pkg.requests === 1 ? '1 request' : `${pkg.requests} requests`}
        </Text>
        {pkg.description ? <Text size="sm">{pkg.description}</Text> : null}
      </Stack>
      <Group>
        <Button
          variant="default"
          onClick={() =>
            setEdit({
              kind: 'package',
              id: pkg.id,
              parentId: null,
              values: formValuesOf('package', packageSource(pkg)),
            })
          }
        >
          Edit package
        </Button>
      </Group>
      <Parts pkg={pkg} open={open} />
      <PartDrawer edit={edit} onClose={() => setEdit(null)} />
    </Stack>
  );
}
