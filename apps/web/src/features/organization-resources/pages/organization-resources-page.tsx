import { Group, NativeSelect, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useSearchParams, type LoaderFunctionArgs } from 'react-router';
import {
  organizationResourceMessages,
  organizationResourcePageSize,
  type OrganizationResourceFilters,
} from '@portal/domain/content/organization-resources.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { useDrawnAfterFirstCommit } from '../../../lib/first-commit.ts';
import { useListFilter, useListSearch } from '../../../lib/list-search.ts';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { ListPagination } from '../../../ui/list-pagination.tsx';
import {
  organizationResourceFiltersQuery,
  organizationResourceKeys,
  organizationResourceListParams,
  organizationResourcesQuery,
  type OrganizationResourceListParams,
} from '../api/organization-resources.ts';
import { OrganizationResourceCard } from '../components/organization-resource-card.tsx';

export const organizationResourcesLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    // Both reads before the first render, so the page commits once with its list instead of again when the list
    // answers. A failed read is the page's to show: the loader only waits for it.
    const filters = await queryClient.ensureQueryData(organizationResourceFiltersQuery()).catch(() => null);
    const params = filters && organizationResourceListParams(new URL(request.url).searchParams, filters);
    if (params) await queryClient.prefetchQuery(organizationResourcesQuery(params));
    return null;
  };

/** The cards drawn with the first screen; the rest of the page's follow in a commit of their own. */
const cardsOnFirstScreen = 4;

function Loading({ label }: { label: string }) {
  return (
    <Stack gap="sm" role="status" aria-label={label}>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} height={96} />
      ))}
    </Stack>
  );
}

/**
 * /members/organization-resources (organizations.md §2 'Organization Resources'): the resources of
 * one of the member's organizations for a school year, searched 300 ms after typing stops (§9), the
 * filters and the search kept in the URL.
 */
export function OrganizationResourcesPage() {
  const filters = useQuery(organizationResourceFiltersQuery());
  return (
    <Stack gap="md">
      <Title order={1}>Organization Resources</Title>
      {filters.isPending ? (
        <Loading label="Loading resources" />
      ) : filters.isError ? (
        <ErrorState
          title="Could not load resources"
          message={errorMessage(filters.error)}
          onRetry={() => void filters.refetch()}
        />
      ) : filters.data.organizations.length === 0 ? (
        <EmptyState message={organizationResourceMessages.noOrganization} />
      ) : (
        <ResourceList filters={filters.data} />
      )}
    </Stack>
  );
}

function ResourceList({ filters }: { filters: OrganizationResourceFilters }) {
  const [searchParams] = useSearchParams();
  const search = useListSearch();
  const params = organizationResourceListParams(searchParams, filters);
  const setListFilter = useListFilter();
  const choose = (key: keyof Pick<OrganizationResourceListParams, 'organizationId' | 'schoolYearId'>, value: string) =>
    setListFilter(key, value);

  return (
    <>
      <Group gap="sm" align="flex-end">
        <NativeSelect
          label="Organization"
          data={filters.organizations.map((o) => ({ value: o.id, label: o.name }))}
          value={params?.organizationId}
          onChange={(event) => choose('organizationId', event.currentTarget.value)}
          w={260}
          maw="100%"
        />
        <NativeSelect
          label="School year"
          data={filters.schoolYears.map((y) => ({ value: y.id, label: y.name }))}
          value={params?.schoolYearId}
          onChange={(event) => choose('schoolYearId', event.currentTarget.value)}
          w={160}
          maw="100%"
        />
      </Group>
      <TextInput
        label="Search resources"
        description="Title, grades or description"
        type="search"
        value={search.input}
        onChange={(event) => search.setInput(event.currentTarget.value)}
        w={420}
        maw="100%"
      />
      {params ? (
        <Results params={params} goToPage={search.goToPage} />
      ) : (
        <EmptyState message={organizationResourceMessages.empty} />
      )}
    </>
  );
}

function Results({ params, goToPage }: { params: OrganizationResourceListParams; goToPage: (page: number) => void }) {
  const resources = useQuery(organizationResourcesQuery(params));
  const restDrawn = useDrawnAfterFirstCommit();
  if (resources.isPending) return <Loading label="Loading resources" />;
  if (resources.isError)
    return (
      <ErrorState
        title="Could not load resources"
        message={errorMessage(resources.error)}
        onRetry={() => void resources.refetch()}
      />
    );
  const { items, total } = resources.data;
  const totalPages = Math.max(1, Math.ceil(total / organizationResourcePageSize));
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {total} {total === 1 ? 'item' : 'items'}
      </Text>
      {items.length === 0 ? (
        <EmptyState message={organizationResourceMessages.empty} />
      ) : (
        <Stack gap="sm" aria-busy={resources.isPlaceholderData}>
          {(restDrawn ? items : items.slice(0, cardsOnFirstScreen)).map((resource) => (
            <OrganizationResourceCard
              key={resource.id}
              resource={resource}
              invalidates={[organizationResourceKeys.all]}
            />
          ))}
        </Stack>
      )}
      <ListPagination total={totalPages} value={params.page} onChange={goToPage} hideWithOnePage />
    </Stack>
  );
}
