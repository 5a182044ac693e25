import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { authMessages, forgotPasswordRequest } from '@portal/domain/people/auth.ts';
import { loginPath } from '@portal/domain/navigation.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useForgotPassword } from '../api/forgot-password.ts';

interface ForgotPasswordFormProps {
  initialEmail?: string;
  /** Where the back link goes: sign in for visitors, the profile for someone signed in. */
  back?: { to: string; label: string };
}

/** Asks for a password reset link by email; the answer never says whether the account exists. */
export function ForgotPasswordForm({
  initialEmail = '',
  back = { to: loginPath, label: 'Back to sign in' },
}: ForgotPasswordFormProps) {
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: initialEmail },
    validate: schemaResolver(forgotPasswordRequest, { sync: true }),
  });
  const forgotPassword = useForgotPassword();

  const submit = form.onSubmit((values) => {
    forgotPassword.mutate(values, { onError: (error) => showSubmitError(form, error) });
  });

  return (
    <Stack gap="md">
      {forgotPassword.isSuccess ? (
        <Alert role="status" color="blue" variant="light">
          {authMessages.resetSent}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              key={form.key('email')}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={forgotPassword.isPending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to={back.to} size="sm">
        {back.label}
      </Anchor>
    </Stack>
  );
}
