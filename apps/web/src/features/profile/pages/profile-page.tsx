import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toolkitAccessNotice } from '@portal/domain/navigation.ts';
import { profileMessages } from '@portal/domain/people/profile.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { lookupsQuery } from '../../../lib/lookups.ts';
import { AffiliationsSection } from '../../../shared/affiliations/affiliations-section.tsx';
import { TranscriptSection } from '../../../shared/certificates/transcript-section.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { profileQuery } from '../api/profile.ts';
import { EmailChange } from '../components/email-change.tsx';
import { MembershipsList } from '../components/memberships-list.tsx';
import { ProfileDetails } from '../components/profile-details.tsx';

// The edit form, its option lists and the validation library load when editing starts.
const ProfileForm = lazy(() => import('../components/profile-form.tsx').then((m) => ({ default: m.ProfileForm })));

/**
 * The profile starts loading with this screen's code, and the edit form's option lists with it. The
 * screen does not wait for them: it is where every sign-in lands, so its frame shows at once.
 */
export const profileLoader = (queryClient: QueryClient) => () => {
  void queryClient.prefetchQuery(lookupsQuery);
  void queryClient.prefetchQuery(profileQuery);
  return null;
};

/**
 * /members/profile (organizations.md §2 'Profile'): view and edit the profile, change the email,
 * the organization memberships, and the member's affiliations.
 */
export function ProfilePage() {
  const profile = useQuery(profileQuery);
  const [editing, setEditing] = useState(false);
  const [searchParams] = useSearchParams();

  return (
    <Stack gap="xl" maw={880}>
      <Stack gap="xs">
        <Title order={1}>Profile</Title>
        <Text size="sm">{profileMessages.ctleNote}</Text>
      </Stack>
      {searchParams.get('notice') === 'toolkit-access' ? (
        // No title: a light alert's coloured title falls below 4.5:1; the words carry it in the text colour.
        <Alert color="blue" variant="light" role="status">
          <strong>No toolkit access.</strong> {toolkitAccessNotice}
        </Alert>
      ) : null}
      {profile.isPending ? (
        <PageLoader label="Loading profile" />
      ) : profile.isError ? (
        <ErrorState message={errorMessage(profile.error)} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          <Paper withBorder p="lg" radius="md">
            <Stack gap="md">
              {editing ? (
                <Suspense fallback={<PageLoader label="Loading the profile form" />}>
                  <ProfileForm profile={profile.data} onDone={() => setEditing(false)} />
                </Suspense>
              ) : (
                <>
                  <ProfileDetails profile={profile.data} />
                  <Group gap="sm">
                    <Button onClick={() => setEditing(true)}>Edit profile</Button>
                    <EmailChange currentEmail={profile.data.email} />
                  </Group>
                </>
              )}
              <Anchor component={Link} to="/auth/reset-password" size="sm">
                Reset password
              </Anchor>
            </Stack>
          </Paper>
          <MembershipsList memberships={profile.data.memberships} />
        </>
      )}
      <AffiliationsSection />
      <TranscriptSection />
    </Stack>
  );
}
