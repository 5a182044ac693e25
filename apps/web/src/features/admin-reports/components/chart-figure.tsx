import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense, useId, type ReactNode } from 'react';

interface ChartFigureProps {
  title: string;
  /** What the chart shows, as a screen reader announces the picture: the numbers are in the table. */
  description: string;
  chart: ReactNode;
  /** The chart's numbers: screen readers and printouts get the same facts. */
  table: ReactNode;
}

/** A chart with its title and, under it, a table of the numbers it draws. */
export function ChartFigure({ title, description, chart, table }: ChartFigureProps) {
  const titleId = useId();
  return (
    <Stack component="figure" gap="sm" m={0} aria-labelledby={titleId}>
      <Title order={3} size="h4" id={titleId}>
        {title}
      </Title>
      <div role="img" aria-label={`${title}: ${description}`}>
        <Suspense fallback={<Skeleton h={200} />}>{chart}</Suspense>
      </div>
      {table}
    </Stack>
  );
}

/** What a report part shows when it has nothing to count yet. */
export function NothingYet({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" size="sm">
      {children}
    </Text>
  );
}
