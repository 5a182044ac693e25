import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { authMessages, loginRequest, type LoginRequest } from '@portal/domain/people/auth.ts';
import { safeIntendedPath } from '@portal/domain/navigation.ts';
import { schoolSignInErrors, schoolSignInOutcomeMessage } from '@portal/domain/people/school-sign-in.ts';
import { startSession } from '../../../lib/current-user.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { PublicFrame } from '../../../ui/public-frame.tsx';
import { useLogin } from '../api/login.ts';
import { SchoolSignInButtons } from '../components/school-sign-in-buttons.tsx';

/** What a school sign-in that came back without a session left in the address (?school-sign-in=…). */
function schoolSignInFailure(value: string | null): string | null {
  const outcome = schoolSignInErrors.find((error) => error === value);
  return outcome ? schoolSignInOutcomeMessage[outcome] : null;
}

/** /auth/login?intended={path}: signs in, then goes where the visitor was heading (only inside the site). */
export function LoginPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const schoolFailure = schoolSignInFailure(searchParams.get('school-sign-in'));

  const form = useForm<LoginRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginRequest, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    setFailure(null);
    login.mutate(values, {
      onSuccess: (user) => {
        startSession(queryClient, user);
        void navigate(safeIntendedPath(searchParams.get('intended')), { replace: true });
      },
      onError: (error) => showSubmitError(form, error, setFailure),
    });
  });

  return (
    <PublicFrame title="Sign in">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {searchParams.get('reset') === 'done' ? (
            <Alert role="status" color="blue" variant="light">
              {authMessages.passwordChanged}
            </Alert>
          ) : null}
          {schoolFailure && !failure ? (
            <Alert color="red" variant="light">
              {schoolFailure}
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" variant="light">
              {failure}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            key={form.key('email')}
            {...form.getInputProps('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" align="center">
            <Anchor component={Link} to="/auth/forgot-password" size="sm">
              Forgot password?
            </Anchor>
            <Button type="submit" loading={login.isPending}>
              Sign in
            </Button>
          </Group>
        </Stack>
      </form>
      <SchoolSignInButtons />
    </PublicFrame>
  );
}
