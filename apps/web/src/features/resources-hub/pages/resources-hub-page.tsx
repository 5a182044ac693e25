import { Anchor, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatUsDate } from '@portal/domain/dates.ts';
import { organizationResourcePaths, resourcesHubMessages } from '@portal/domain/content/organization-resources.ts';
import { resourcePaths } from '@portal/domain/content/resources.ts';
import { videoCollectionPaths } from '@portal/domain/content/video-collections.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { resourcesHubQuery } from '../api/resources-hub.ts';

export const resourcesHubLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(resourcesHubQuery());
  return null;
};

function Section({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: ReactNode;
}) {
  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {empty ? <Text size="sm">{empty}</Text> : children}
    </Paper>
  );
}

/**
 * /members/resources, the side menu's 'Resources': what the member may open, gathered — their
 * organizations' resources, the video collections, and the resources of the events they attend.
 */
export function ResourcesHubPage() {
  const hub = useQuery(resourcesHubQuery());
  return (
    <Stack gap="md">
      <Title order={1}>Resources</Title>
      {hub.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading resources">
          {Array.from({ length: 3 }, (_, index) => (
            <Skeleton key={index} height={96} />
          ))}
        </Stack>
      ) : hub.isError ? (
        <ErrorState
          title="Could not load resources"
          message={errorMessage(hub.error)}
          onRetry={() => void hub.refetch()}
        />
      ) : (
        <>
          <Section
            id="hub-organizations"
            title="Organization resources"
            empty={hub.data.organizations.length === 0 ? resourcesHubMessages.noOrganizations : null}
          >
            <List spacing="2xs">
              {hub.data.organizations.map((organization) => (
                <List.Item key={organization.id}>
                  <Anchor
                    component={Link}
                    to={`${organizationResourcePaths.page}?organizationId=${encodeURIComponent(organization.id)}`}
                  >
                    {organization.name}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </Section>
          <Section
            id="hub-videos"
            title="Video collections"
            empty={hub.data.videoCollections.length === 0 ? resourcesHubMessages.noCollections : null}
          >
            <List spacing="2xs">
              {hub.data.videoCollections.map((collection) => (
                <List.Item key={collection.id}>
                  <Anchor component={Link} to={videoCollectionPaths.page(collection.slug)}>
                    {collection.name}
                  </Anchor>{' '}
                  <Text span size="sm" c="dimmed">
                    {collection.videoCount} {collection.videoCount === 1 ? 'video' : 'videos'}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Section>
          <Section
            id="hub-events"
            title="Event resources"
            empty={hub.data.events.length === 0 ? resourcesHubMessages.noEvents : null}
          >
            <List spacing="2xs">
              {hub.data.events.map((event) => (
                <List.Item key={event.id}>
                  <Anchor component={Link} to={resourcePaths.member(event.id)}>
                    {event.name}
                  </Anchor>{' '}
                  <Text span size="sm" c="dimmed">
                    {event.startDate === event.endDate
                      ? formatUsDate(event.startDate)
                      : `${formatUsDate(event.startDate)} – ${formatUsDate(event.endDate)}`}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Section>
        </>
      )}
    </Stack>
  );
}
