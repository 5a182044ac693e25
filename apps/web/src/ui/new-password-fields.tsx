import { PasswordInput } from '@mantine/core';
import { schemaResolver, useForm, type UseFormReturnType } from '@mantine/form';
import { newPasswordTwice, type NewPasswordTwice } from '@portal/domain/people/auth.ts';

/** The form of a new password typed twice, checked by the domain's `newPasswordTwice`. */
export function useNewPasswordForm(): UseFormReturnType<NewPasswordTwice> {
  return useForm<NewPasswordTwice>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaResolver(newPasswordTwice, { sync: true }),
  });
}

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
