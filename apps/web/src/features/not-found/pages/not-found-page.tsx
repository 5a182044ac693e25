import { Container } from '@mantine/core';
import { NotFound } from '../../../ui/not-found.tsx';

/** Any address without a screen (yet): says so plainly, and offers the way home. */
export function NotFoundPage() {
  return <NotFound />;
}

/** The same, outside the members frame, which would otherwise provide the main landmark. */
export function StandaloneNotFoundPage() {
  return (
    <Container component="main" size="sm" py="xl">
      <NotFound />
    </Container>
  );
}
