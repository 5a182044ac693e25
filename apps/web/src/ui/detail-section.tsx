import { Stack, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';

/** A part of an organization or district page, a region named by its heading. */
export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}
