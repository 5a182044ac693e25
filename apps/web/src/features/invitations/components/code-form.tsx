import { Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  invitationCode,
  invitationMessages,
  invitationPath,
  type InvitationKind,
} from '@portal/domain/organizations/invitations.ts';

const codeForm = z.object({ code: invitationCode });

/** The page without a code: type the code from the mail, then open that invitation. */
export function CodeForm({ kind }: { kind: InvitationKind }) {
  const navigate = useNavigate();
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { code: '' },
    validate: schemaResolver(codeForm, { sync: true }),
  });

  const submit = form.onSubmit(({ code }) => void navigate(invitationPath(kind, code.trim().toLowerCase())));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text>{invitationMessages.tryCode}</Text>
        <TextInput
          label="Code"
          placeholder="xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx"
          autoComplete="off"
          spellCheck={false}
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Button type="submit">{invitationMessages.confirm}</Button>
      </Stack>
    </form>
  );
}
