import { Alert, Button, Modal } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { loginPath } from '@portal/domain/navigation.ts';
import { logoutAfterEmailChangeMs } from '@portal/domain/people/profile.ts';
import { endSession } from '../../../lib/current-user.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';

const EmailChangeForm = lazy(() => import('./email-change-form.tsx').then((m) => ({ default: m.EmailChangeForm })));

/**
 * "Change email", a separate action from editing the profile. After a change the server has ended
 * every session of the member: the message stays on screen for 4 seconds, then the browser forgets
 * the session too and goes to sign in.
 */
export function EmailChange({ currentEmail }: { currentEmail: string }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [done, setDone] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => {
      void endSession(queryClient, () => navigate(loginPath, { replace: true }));
    }, logoutAfterEmailChangeMs);
    return () => window.clearTimeout(timer);
  }, [done, navigate, queryClient]);

  // Once changed, the message stays until the sign-out: nothing closes it.
  const closable = done === null;

  return (
    <>
      <Button variant="default" onClick={open}>
        Change email
      </Button>
      <Modal
        opened={opened || !closable}
        onClose={close}
        title="Change email"
        withCloseButton={closable}
        closeOnClickOutside={closable}
        closeOnEscape={closable}
      >
        {done ? (
          <Alert role="status" color="blue" variant="light">
            {done}
          </Alert>
        ) : (
          <Suspense fallback={<PageLoader label="Loading the form" />}>
            <EmailChangeForm currentEmail={currentEmail} onChanged={setDone} onCancel={close} />
          </Suspense>
        )}
      </Modal>
    </>
  );
}
