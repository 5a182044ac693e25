import { Button, Divider, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { schoolSignInMessages } from '@portal/domain/people/school-sign-in.ts';
import { schoolSignInProvidersQuery, schoolSignInStartPath } from '../api/school-sign-in.ts';

/**
 * "Sign in with …" for each school sign-in staff turned on, under the password form (so the form never
 * moves when they arrive). Nothing shows while they load, when there are none or when they fail to load:
 * the password form is always there.
 */
export function SchoolSignInButtons() {
  const providers = useQuery(schoolSignInProvidersQuery());
  const list = providers.data?.providers ?? [];
  if (list.length === 0) return null;
  return (
    <Stack gap="sm" mt="lg">
      <Divider label="or with your school account" labelPosition="center" />
      {list.map((provider) => (
        <Button
          key={provider.id}
          component="a"
          href={schoolSignInStartPath(provider.id)}
          variant="default"
          fullWidth
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
        >
          {schoolSignInMessages.signInWith(provider.name)}
        </Button>
      ))}
    </Stack>
  );
}
