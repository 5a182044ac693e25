import { Button, Group, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { emailChange } from '@portal/domain/people/profile.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useChangeEmail } from '../api/email-change.ts';

interface EmailChangeFormProps {
  currentEmail: string;
  /** The server's message once the email has changed. */
  onChanged: (message: string) => void;
  onCancel: () => void;
}

/** "New email": trimmed and lowercased, checked here, then refused or accepted by the server. */
export function EmailChangeForm({ currentEmail, onChanged, onCancel }: EmailChangeFormProps) {
  const changeEmail = useChangeEmail();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaResolver(emailChange, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    changeEmail.mutate(emailChange.parse(values).email, {
      onSuccess: ({ message }) => onChanged(message),
      onError: (error) => showSubmitError(form, error),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="New email"
          type="email"
          autoComplete="email"
          description={`Currently ${currentEmail}`}
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={changeEmail.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={changeEmail.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
