import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { CurrentUser } from '@portal/domain/people/auth.ts';
import { invitationMessages } from '@portal/domain/organizations/invitations.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { NewPasswordFields, useNewPasswordForm } from '../../../ui/new-password-fields.tsx';
import { useAcceptWithPassword } from '../api/invitations.ts';

interface ChoosePasswordFormProps {
  code: string;
  onAccepted: (user: CurrentUser) => void;
  /** Shown with a failure, e.g. "Sign in to accept" when the account turns out to have a password. */
  signInAction: ReactNode;
}

/** A new invitee (no password yet) chooses one; the server accepts the invitation and signs them in. */
export function ChoosePasswordForm({ code, onAccepted, signInAction }: ChoosePasswordFormProps) {
  const acceptWithPassword = useAcceptWithPassword(code);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useNewPasswordForm();

  const submit = form.onSubmit(({ password }) => {
    setFailure(null);
    acceptWithPassword.mutate(password, {
      onSuccess: onAccepted,
      onError: (error) => showSubmitError(form, error, setFailure),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fw={600}>Choose a password</Text>
        {failure ? (
          <Stack gap="sm">
            <Alert color="red" variant="light">
              {failure}
            </Alert>
            {signInAction}
          </Stack>
        ) : null}
        <NewPasswordFields form={form} />
        <Button type="submit" loading={acceptWithPassword.isPending}>
          {invitationMessages.confirm}
        </Button>
      </Stack>
    </form>
  );
}
