import { Anchor, Group, Skeleton, Stack, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { applicationMessages } from '@portal/domain/applications/rules.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { paymentOptionsQuery } from '../../../shared/commerce/queries.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListPagination } from '../../../ui/list-pagination.tsx';
import { applicationsPageSize, applicationsQuery, legacyApplicationsQuery } from '../api/applications.ts';
import { ApplicationCard } from '../components/application-card.tsx';
import { LegacyApplicationCard } from '../components/legacy-application-card.tsx';

/** The two lists page on their own: ?page= for applications, ?legacyPage= for earlier ones. */
const pageParams = { applications: 'page', legacy: 'legacyPage' } as const;

/** The page the URL asks for (1 when missing or not a positive whole number). */
function pageOf(searchParams: URLSearchParams, name: string): number {
  const page = Number.parseInt(searchParams.get(name) ?? '1', 10);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

export const applicationsLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const searchParams = new URL(request.url).searchParams;
    await Promise.all([
      queryClient.prefetchQuery(applicationsQuery(pageOf(searchParams, pageParams.applications))),
      queryClient.prefetchQuery(legacyApplicationsQuery(pageOf(searchParams, pageParams.legacy))),
      queryClient.prefetchQuery(paymentOptionsQuery),
    ]);
    return null;
  };

function ParamPagination({ total, param, label }: { total: number; param: string; label: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const totalPages = Math.max(1, Math.ceil(total / applicationsPageSize));
  return (
    <ListPagination
      total={totalPages}
      value={pageOf(searchParams, param)}
      onChange={(next) =>
        setSearchParams((current) => {
          const updated = new URLSearchParams(current);
          updated.set(param, String(next));
          return updated;
        })
      }
      hideWithOnePage
      aria-label={label}
    />
  );
}

function ListSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="sm" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Applications() {
  const [searchParams] = useSearchParams();
  const applications = useQuery(applicationsQuery(pageOf(searchParams, pageParams.applications)));
  const legacy = useQuery(legacyApplicationsQuery(pageOf(searchParams, pageParams.legacy)));

  if (applications.isPending || legacy.isPending) {
    return (
      <Stack gap="sm" role="status" aria-label="Loading your applications">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} height={120} />
        ))}
      </Stack>
    );
  }
  if (applications.isError || legacy.isError) {
    const failed = applications.isError ? applications.error : legacy.error;
    return (
      <ErrorState
        message={errorMessage(failed)}
        onRetry={() => {
          if (applications.isError) void applications.refetch();
          if (legacy.isError) void legacy.refetch();
        }}
      />
    );
  }
  if (applications.data.total === 0 && legacy.data.total === 0) {
    return <EmptyState message={applicationMessages.noEvents} />;
  }
  return (
    <Stack gap="xl">
      {applications.data.total > 0 ? (
        <ListSection id="applications-heading" title="Applications">
          {applications.data.items.map((row) => (
            <ApplicationCard key={row.id} row={row} />
          ))}
          <Group justify="flex-end">
            <ParamPagination
              total={applications.data.total}
              param={pageParams.applications}
              label="Applications pages"
            />
          </Group>
        </ListSection>
      ) : null}
      {legacy.data.total > 0 ? (
        <ListSection id="legacy-applications-heading" title="Earlier applications">
          {legacy.data.items.map((row) => (
            <LegacyApplicationCard key={row.id} row={row} />
          ))}
          <Group justify="flex-end">
            <ParamPagination total={legacy.data.total} param={pageParams.legacy} label="Earlier applications pages" />
          </Group>
        </ListSection>
      ) : null}
    </Stack>
  );
}

/**
 * /members/events/applications ('My Event Applications'): each application with where it stands and
 * what the applicant can do next (complete, review, choose how to pay and pay), then the applications
 * imported from the previous system.
 */
export function ApplicationsPage() {
  return (
    <Stack gap="lg" maw={960}>
      <Group justify="space-between" align="baseline">
        <Title order={1}>My Event Applications</Title>
        <Anchor component={Link} to="/members/events" size="sm">
          Browse PD Services
        </Anchor>
      </Group>
      <Applications />
    </Stack>
  );
}
