import { Paper, Text } from '@mantine/core';

/** What a list shows when it has nothing in it. */
export function EmptyState({ message }: { message: string }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Text ta="center">{message}</Text>
    </Paper>
  );
}
