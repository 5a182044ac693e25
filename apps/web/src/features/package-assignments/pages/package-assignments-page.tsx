import { Alert, Anchor, Divider, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, type LoaderFunctionArgs } from 'react-router';
import {
  isEmptyPackage,
  packageAssignmentMessages,
  type PackageAssignmentsReply,
} from '@portal/domain/packages/assignments.ts';
import {
  packageAssignmentPages,
  packageAssignmentSegments,
  packageAssignmentTabs,
  type PackageAssignmentPage,
  type PackageAssignmentSegment,
} from '@portal/domain/packages/paths.ts';
import { packagePaths } from '@portal/domain/packages/rules.ts';
import { isApiError } from '../../../lib/api.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { NotFound } from '../../../ui/not-found.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { UnsavedChangesPrompt } from '../../../ui/unsaved-changes-prompt.tsx';
import { packageAssignmentsQuery } from '../api/package-assignments.ts';
import { SegmentPanel } from '../components/segment-panel.tsx';
import { SendNotifications } from '../components/send-notifications.tsx';

export const packageAssignmentsLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    if (params.packageRequestId) await queryClient.prefetchQuery(packageAssignmentsQuery(params.packageRequestId));
    return null;
  };

function isSegment(value: string | null): value is PackageAssignmentSegment {
  return (packageAssignmentSegments as readonly (string | null)[]).includes(value);
}

function Assignments({ reply, firstTab }: { reply: PackageAssignmentsReply; firstTab: PackageAssignmentSegment }) {
  const [tab, setTab] = useState<PackageAssignmentSegment>(firstTab);
  const [dirty, setDirty] = useState<ReadonlySet<PackageAssignmentSegment>>(new Set());
  const onDirty = (segment: PackageAssignmentSegment, isDirty: boolean) =>
    setDirty((current) => {
      if (current.has(segment) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(segment);
      else next.delete(segment);
      return next;
    });

  return (
    <Stack gap="md">
      <UnsavedChangesPrompt when={dirty.size > 0} />
      <Text>
        {reply.packageName} · <strong>{reply.organizationName}</strong>. Choose one person per ticket and save each tab.
      </Text>
      {reply.newYorkNotice ? (
        <Alert color="blue" variant="light" title={packageAssignmentMessages.newYorkNoticeTitle}>
          <Text size="sm">{packageAssignmentMessages.newYorkNotice}</Text>
        </Alert>
      ) : null}
      {isEmptyPackage(reply) ? (
        <EmptyState message={packageAssignmentMessages.empty} />
      ) : (
        <Tabs value={tab} onChange={(value) => isSegment(value) && setTab(value)} keepMounted>
          <Tabs.List>
            {packageAssignmentSegments.map((segment) => (
              <Tabs.Tab key={segment} value={segment}>
                {packageAssignmentTabs[segment]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {packageAssignmentSegments.map((segment) => (
            <Tabs.Panel key={segment} value={segment} pt="md">
              <SegmentPanel reply={reply} segment={segment} onDirty={onDirty} />
            </Tabs.Panel>
          ))}
        </Tabs>
      )}
      {isEmptyPackage(reply) ? null : (
        <>
          <Divider />
          <SendNotifications reply={reply} unsaved={dirty.size > 0} />
        </>
      )}
    </Stack>
  );
}

/**
 * /members/manage-services/package-request/{id}/assign-tickets and .../assign-staff (organizations.md
 * §2, events.md §2 'Package ticket assignment'): the same three tabs, opened on the page's own.
 */
export function PackageAssignmentsPage({ page }: { page: PackageAssignmentPage }) {
  const packageRequestId = useParams().packageRequestId ?? '';
  const assignments = useQuery(packageAssignmentsQuery(packageRequestId));
  const { title, segment } = packageAssignmentPages[page];
  return (
    <Stack gap="lg" maw={960}>
      {assignments.data ? (
        <Anchor component={Link} to={packagePaths.selectService(assignments.data.organizationId)} size="sm">
          Back to Select a Service
        </Anchor>
      ) : null}
      <Title order={1}>{title}</Title>
      {assignments.isPending ? (
        <PageLoader label="Loading the package's tickets" />
      ) : assignments.isError ? (
        isApiError(assignments.error, 404) ? (
          <NotFound />
        ) : (
          <ErrorState message={errorMessage(assignments.error)} onRetry={() => void assignments.refetch()} />
        )
      ) : (
        <Assignments key={page} reply={assignments.data} firstTab={segment} />
      )}
    </Stack>
  );
}

export function AllocateTicketsPage() {
  return <PackageAssignmentsPage page="assign-tickets" />;
}

export function AssignStaffPage() {
  return <PackageAssignmentsPage page="assign-staff" />;
}
