import { PasswordInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { NewPasswordTwice } from '@portal/domain/people/auth.ts';

/** The new password and its confirmation, in a form validated with `newPasswordTwice`. */
export function NewPasswordFields({ form }: { form: UseFormReturnType<NewPasswordTwice> }) {
  return (
    <>
      <PasswordInput
        label="New password"
        autoComplete="new-password"
        key={form.key('password')}
        {...form.getInputProps('password')}
      />
      <PasswordInput
        label="Confirm new password"
        autoComplete="new-password"
        key={form.key('confirmPassword')}
        {...form.getInputProps('confirmPassword')}
      />
    </>
  );
}
