import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import {
  invitationCodePattern,
  invitationMessages,
  type InvitationKind,
} from '@portal/domain/organizations/invitations.ts';
import { currentUserQuery } from '../../../lib/current-user.ts';
import { invitationQuery } from '../api/invitations.ts';
import { CodeForm } from '../components/code-form.tsx';
import { InvitationDetails } from '../components/invitation-details.tsx';
import { InvitationFrame } from '../components/invitation-frame.tsx';

/**
 * Who is signed in (if anyone) and the invitation itself load with the page's code. Both pages are
 * public: the page decides between accepting, choosing a password and signing in.
 */
export const invitationLoader =
  (queryClient: QueryClient) =>
  async ({ params }: LoaderFunctionArgs) => {
    const code = params.code;
    await Promise.all([
      queryClient.prefetchQuery(currentUserQuery),
      code && invitationCodePattern.test(code) ? queryClient.prefetchQuery(invitationQuery(code)) : null,
    ]);
    return null;
  };

function AcceptInvitationPage({ kind }: { kind: InvitationKind }) {
  const { code } = useParams();
  if (!code) {
    return (
      <InvitationFrame title={invitationMessages.welcome}>
        <CodeForm kind={kind} />
      </InvitationFrame>
    );
  }
  return <InvitationDetails key={code} kind={kind} code={code} />;
}

/** /members/accept-organization-invitation[/{code}] */
export function AcceptOrganizationInvitationPage() {
  return <AcceptInvitationPage kind="ORGANIZATION" />;
}

/** /members/accept-district-invitation[/{code}] */
export function AcceptDistrictInvitationPage() {
  return <AcceptInvitationPage kind="DISTRICT" />;
}
