import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PublicFrameProps {
  title: string;
  /** The column's width in pixels. */
  width?: number;
  /** In a card under the heading; a page that is only its heading has none. */
  children?: ReactNode;
}

/** A page outside the members frame (sign-in, invitation links): the portal's name, the page's heading and a card. */
export function PublicFrame({ title, width = 440, children }: PublicFrameProps) {
  return (
    <Container component="main" size={width} py="2xl">
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
