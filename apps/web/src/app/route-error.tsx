import { Container } from '@mantine/core';
import { useRouteError } from 'react-router';
import { errorMessage } from '../lib/errors.ts';
import { ErrorState } from '../ui/error-state.tsx';

/** A screen that failed to load (its code chunk or its guard's request): say so and offer a retry. */
export function RouteError() {
  const error = useRouteError();
  return (
    <Container component="main" size="sm" py="xl">
      <ErrorState title="Something went wrong" message={errorMessage(error)} onRetry={() => window.location.reload()} />
    </Container>
  );
}
