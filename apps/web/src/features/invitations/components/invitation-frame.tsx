import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** Invitation pages open from a mail, signed in or not: the portal's name, a heading and a card. */
export function InvitationFrame({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container component="main" size={520} py={48}>
      <Text ta="center" fw={700} mb="xs">
        Members Portal
      </Text>
      <Title order={1} ta="center" mb="lg">
        {title}
      </Title>
      {children ? (
        <Paper withBorder shadow="sm" p="xl" radius="md">
          {children}
        </Paper>
      ) : null}
    </Container>
  );
}
