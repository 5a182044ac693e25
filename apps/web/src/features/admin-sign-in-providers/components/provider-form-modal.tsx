import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import IconTrash from '@tabler/icons-react/icons/IconTrash';
import {
  schoolSignInMessages,
  signInProviderInput,
  type SignInProviderInput,
  type SignInProviderRow,
} from '@portal/domain/people/school-sign-in.ts';
import { notifications } from '@mantine/notifications';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useSaveSignInProvider } from '../api/sign-in-providers.ts';

interface ProviderFormModalProps {
  /** The provider being edited; null adds one. */
  provider: SignInProviderRow | null;
  opened: boolean;
  onClose: () => void;
}

const emptyProvider: SignInProviderInput = {
  name: '',
  issuerUrl: '',
  clientId: '',
  clientSecret: '',
  enabled: true,
  domains: [{ domain: '', required: false }],
};

function valuesOf(provider: SignInProviderRow | null): SignInProviderInput {
  if (!provider) return emptyProvider;
  const { name, issuerUrl, clientId, enabled, domains } = provider;
  return { name, issuerUrl, clientId, clientSecret: '', enabled, domains };
}

/** Staff add or edit a school's sign-in: its issuer, the portal's client there, and the domains it serves. */
export function ProviderFormModal({ provider, opened, onClose }: ProviderFormModalProps) {
  const form = useForm<SignInProviderInput>({
    mode: 'controlled',
    initialValues: valuesOf(provider),
    validate: schemaResolver(signInProviderInput, { sync: true }),
  });
  const save = useSaveSignInProvider();

  const submit = form.onSubmit((values) => {
    save.mutate(
      { id: provider?.id ?? null, input: values },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: provider ? schoolSignInMessages.saved : schoolSignInMessages.created,
          });
          onClose();
        },
        onError: (error) => showSubmitError(form, error),
      },
    );
  });

  const domainsError = form.errors.domains;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={provider ? `Edit ${provider.name}` : 'Add sign-in provider'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            description={'The login page shows "Sign in with" and this name'}
            required
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Issuer URL"
            description="The provider's OpenID issuer, such as https://accounts.google.com"
            type="url"
            required
            {...form.getInputProps('issuerUrl')}
          />
          <TextInput label="Client ID" required {...form.getInputProps('clientId')} />
          <PasswordInput
            label="Client secret"
            description={
              provider?.hasSecret ? 'Kept encrypted. Leave empty to keep the current secret.' : 'Kept encrypted'
            }
            autoComplete="new-password"
            {...form.getInputProps('clientSecret')}
          />
          <Switch label="Offered on the login page" {...form.getInputProps('enabled', { type: 'checkbox' })} />
          <Stack gap="xs">
            <Text fw={500} size="sm">
              Email domains
            </Text>
            <Text size="xs" c="dimmed">
              People whose verified address is at one of these domains sign in here. Required: they have no password
              sign-in.
            </Text>
            {form.values.domains.map((_, index) => (
              <Group key={index} align="flex-end" wrap="wrap" gap="sm">
                <TextInput
                  label={`Domain ${index + 1}`}
                  placeholder="school.org"
                  style={{ flex: '1 1 12rem' }}
                  {...form.getInputProps(`domains.${index}.domain`)}
                />
                <Checkbox
                  label="Required"
                  mb={8}
                  {...form.getInputProps(`domains.${index}.required`, { type: 'checkbox' })}
                />
                <ActionIcon
                  variant="subtle"
                  color="red.9"
                  mb={4}
                  aria-label={`Remove domain ${index + 1}`}
                  disabled={form.values.domains.length === 1}
                  onClick={() => form.removeListItem('domains', index)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
            {typeof domainsError === 'string' ? (
              <Text size="xs" c="red.8" role="alert">
                {domainsError}
              </Text>
            ) : null}
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={() => form.insertListItem('domains', { domain: '', required: false })}
              >
                Add domain
              </Button>
            </Group>
          </Stack>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {provider ? 'Save provider' : 'Add provider'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
