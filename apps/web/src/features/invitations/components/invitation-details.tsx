import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { CurrentUser } from '@portal/domain/people/auth.ts';
import {
  invitationCodePattern,
  invitationMessages,
  invitationPath,
  invitedToText,
  type InvitationKind,
} from '@portal/domain/organizations/invitations.ts';
import { homePath, loginPathFor } from '@portal/domain/navigation.ts';
import { isApiError } from '../../../lib/api.ts';
import { startSession, useCurrentUser } from '../../../lib/current-user.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { invitationQuery, useAcceptInvitation } from '../api/invitations.ts';
import { ChoosePasswordForm } from './choose-password-form.tsx';
import { InvitationFrame } from './invitation-frame.tsx';

function notifyActivated(message: string) {
  notifications.show({ color: 'green', message });
}

/**
 * /members/accept-…-invitation/{code}: looks the code up and, while the invitation is SENT, lets the
 * invitee accept it — signed in with one click, signed out by choosing a password (a new invitee)
 * or by signing in first. Any other status means the affiliation is already active.
 */
export function InvitationDetails({ kind, code }: { kind: InvitationKind; code: string }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const wellFormed = invitationCodePattern.test(code);
  const lookup = useQuery({ ...invitationQuery(code), enabled: wellFormed });
  const accept = useAcceptInvitation(code);
  const [activated, setActivated] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  if (!wellFormed || isApiError(lookup.error, 404) || isApiError(lookup.error, 400)) {
    return (
      <InvitationFrame title={invitationMessages.oops}>
        <Stack gap="md" align="flex-start">
          <Text>{invitationMessages.invalidCode}</Text>
          <Anchor component={Link} to={invitationPath(kind)}>
            Try another code
          </Anchor>
        </Stack>
      </InvitationFrame>
    );
  }
  if (lookup.isError) {
    return (
      <InvitationFrame title="Invitation">
        <ErrorState message={errorMessage(lookup.error)} onRetry={() => void lookup.refetch()} />
      </InvitationFrame>
    );
  }
  if (lookup.isPending || user === undefined) {
    return (
      <InvitationFrame title="Invitation">
        <PageLoader label="Loading invitation" />
      </InvitationFrame>
    );
  }

  const invitation = lookup.data;
  if (activated || invitation.status !== 'SENT') {
    return (
      <InvitationFrame title={invitationMessages.alreadyActivated}>
        <Anchor component={Link} to={homePath}>
          Go to your profile
        </Anchor>
      </InvitationFrame>
    );
  }

  const signIn = (
    <Button component={Link} to={loginPathFor(pathname)} variant={user ? 'default' : 'filled'}>
      Sign in to accept
    </Button>
  );

  const confirm = () => {
    setFailure(null);
    accept.mutate(undefined, {
      onSuccess: (reply) => {
        // Already accepted before (a replay): the screen itself says so, a toast would repeat it.
        if (reply.message === invitationMessages.activated) notifyActivated(reply.message);
        setActivated(true);
        // New membership, maybe new toolkit access: whatever this user's screens hold is out of date.
        void queryClient.invalidateQueries();
      },
      onError: (error) => setFailure(errorMessage(error)),
    });
  };

  const signedUp = (newUser: CurrentUser) => {
    startSession(queryClient, newUser);
    notifyActivated(invitationMessages.activated);
    setActivated(true);
  };

  return (
    <InvitationFrame title={`Hello ${invitation.firstName}!`}>
      <Stack gap="md">
        <Text>{invitedToText(invitation.kind, invitation.name)}</Text>
        {failure ? (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        ) : null}
        {user ? (
          <>
            <Text size="sm" c="dimmed">
              Signed in as {user.email}
            </Text>
            <Button onClick={confirm} loading={accept.isPending}>
              {invitationMessages.confirm}
            </Button>
          </>
        ) : invitation.needsPassword ? (
          <ChoosePasswordForm code={code} onAccepted={signedUp} signInAction={signIn} />
        ) : (
          signIn
        )}
      </Stack>
    </InvitationFrame>
  );
}
