import { Stack, Title } from '@mantine/core';
import type { QueryClient } from '@tanstack/react-query';
import { adminRequestsQuery } from '../api/registration.ts';
import { RequestsList } from '../components/requests-list.tsx';

export const registrationRequestsLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(adminRequestsQuery(1));
  return null;
};

/** /admin/registration-requests: every member's registration requests, newest first. */
export function RegistrationRequestsPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Registration requests</Title>
      <RequestsList />
    </Stack>
  );
}
