import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { homePath, loginPath } from '@portal/domain/navigation.ts';
import { useCurrentUser } from '../lib/current-user.ts';

/**
 * "Page not found", with the way home: for an address without a screen, and for a screen whose
 * object the API does not show this user (the API answers 404 rather than reveal it exists).
 * Home is the profile for someone signed in and the sign-in page for anyone else; nothing is
 * offered while it is not yet known which.
 */
export function NotFound() {
  const user = useCurrentUser();
  return (
    <Stack gap="md" maw={560}>
      <Title order={1}>Page not found</Title>
      <Text>There is no page at this address.</Text>
      {user === undefined ? null : user ? (
        <Anchor component={Link} to={homePath}>
          Go to your profile
        </Anchor>
      ) : (
        <Anchor component={Link} to={loginPath}>
          Sign in
        </Anchor>
      )}
    </Stack>
  );
}
