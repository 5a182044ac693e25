import { Anchor, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  dashboardCardLabels,
  dashboardCardPaths,
  oldestAge,
  type DashboardCard,
} from '@portal/domain/staff/dashboard.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { dashboardQuery } from '../api/dashboard.ts';

export const dashboardLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(dashboardQuery);
  return null;
};

function WorkCard({ card, now }: { card: DashboardCard; now: Date }) {
  const label = dashboardCardLabels[card.kind];
  const age = oldestAge(card.oldestSince, now);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby={`card-${card.kind}`}>
      <Stack gap={4}>
        <Title order={2} size="h4" id={`card-${card.kind}`}>
          <Anchor component={Link} to={dashboardCardPaths[card.kind]}>
            {label}
          </Anchor>
        </Title>
        <Text fz={32} fw={700} lh={1.2} data-testid={`count-${card.kind}`}>
          {card.count}
        </Text>
        <Text size="sm" c="dimmed">
          {card.count === 0 ? 'Nothing waiting' : age}
        </Text>
      </Stack>
    </Card>
  );
}

/** /admin: the staff console opens on what waits for staff, a card per kind, each opening its list. */
export function DashboardPage() {
  const dashboard = useQuery(dashboardQuery);
  const now = new Date();

  return (
    <Stack gap="md">
      <Title order={1}>Dashboard</Title>
      {dashboard.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="status" aria-label="Loading the dashboard">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} height={120} />
          ))}
        </SimpleGrid>
      ) : dashboard.isError ? (
        <ErrorState message={errorMessage(dashboard.error)} onRetry={() => void dashboard.refetch()} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {dashboard.data.cards.map((card) => (
            <WorkCard key={card.kind} card={card} now={now} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
