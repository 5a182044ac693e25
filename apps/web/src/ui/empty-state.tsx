import { Button, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

interface EmptyStateProps {
  /** The spec's words for the empty list, as quoted there. */
  message: string;
  /** The next step, as a button beside the words (which stay the spec's): "Browse PD Services". */
  action?: { label: string; to: string };
}

/** What a list shows when it has nothing in it, and where to go from there. */
export function EmptyState({ message, action }: EmptyStateProps) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="sm" align="center">
        <Text ta="center">{message}</Text>
        {action ? (
          <Button component={Link} to={action.to} variant="light">
            {action.label}
          </Button>
        ) : null}
      </Stack>
    </Paper>
  );
}
