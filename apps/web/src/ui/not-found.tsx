import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { homePath } from '@portal/domain/navigation.ts';

/**
 * "Page not found", with the way home: for an address without a screen, and for a screen whose
 * object the API does not show this user (the API answers 404 rather than reveal it exists).
 */
export function NotFound() {
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Page not found</Title>
      <Text>There is no page at this address.</Text>
      <Anchor component={Link} to={homePath}>
        Go to your profile
      </Anchor>
    </Stack>
  );
}
