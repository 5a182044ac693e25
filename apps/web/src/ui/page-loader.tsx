import { Center, Loader } from '@mantine/core';

/** A centred spinner that screen readers announce by its label. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl">
      <Loader role="status" aria-label={label} />
    </Center>
  );
}
