import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The signed-out pages' frame: the portal's name, the page's heading, and a card. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container component="main" size={440} py={48}>
      <Text ta="center" fw={700} mb="xs">
        Members Portal
      </Text>
      <Title order={1} ta="center" mb="lg">
        {title}
      </Title>
      <Paper withBorder shadow="sm" p="xl" radius="md">
        {children}
      </Paper>
    </Container>
  );
}
