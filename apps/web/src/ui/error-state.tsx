import { Alert, Button, Stack, Text } from '@mantine/core';

interface ErrorStateProps {
  message: string;
  onRetry?: () => void;
  title?: string;
}

/** A failed load: what went wrong and, when it may help, a Retry button. */
export function ErrorState({ message, onRetry, title = 'Could not load this page' }: ErrorStateProps) {
  return (
    <Alert color="red" title={title} variant="light">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry ? (
          <Button size="xs" variant="default" onClick={onRetry}>
            Retry
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}
