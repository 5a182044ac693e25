import { Group, Paper, Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

interface SectionProps {
  title: string;
  /** A button beside the heading ("Edit …", "Add billing contact"). */
  action?: ReactNode;
  children: ReactNode;
}

/** One part of the organization page: a region named by its heading, edited in place. */
export function Section({ title, action, children }: SectionProps) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} withBorder p="lg" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" align="center">
          <Title order={2} size="h3" id={headingId}>
            {title}
          </Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
