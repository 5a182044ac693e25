import { Button, Group, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { defaultCountry } from '@portal/domain/lookups.ts';
import { profileMessages, profileUpdate, type Profile } from '@portal/domain/people/profile.ts';
import { errorMessage } from '../../../lib/errors.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { useLookups } from '../../../lib/lookups.ts';
import { AddressFields } from '../../../ui/address-fields.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { useUpdateProfile } from '../api/profile.ts';
import { sensitiveHiddenText } from './profile-details.tsx';

type ProfileFormValues = Record<
  | 'firstName'
  | 'lastName'
  | 'address1'
  | 'address2'
  | 'city'
  | 'stateProvince'
  | 'zipPostal'
  | 'country'
  | 'phone'
  | 'dateOfBirth'
  | 'last4SSN'
  | 'background',
  string
>;

function initialValues(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    address1: profile.address1 ?? '',
    address2: profile.address2 ?? '',
    city: profile.city ?? '',
    stateProvince: profile.stateProvince ?? '',
    zipPostal: profile.zipPostal ?? '',
    country: profile.country || defaultCountry,
    phone: profile.phone ?? '',
    dateOfBirth: profile.dateOfBirth ?? '',
    last4SSN: profile.last4SSN ?? '',
    background: profile.background ?? '',
  };
}

interface ProfileFormProps {
  profile: Profile;
  /** Back to view mode: after a save (complete) or on Cancel. */
  onDone: () => void;
}

/**
 * Edit mode of the profile, validated with the domain's `profileUpdate` (organizations.md §5).
 * Idle → submitting (Save shows it is busy) → complete (back to view mode with a toast).
 */
export function ProfileForm({ profile, onDone }: ProfileFormProps) {
  const lookups = useLookups();
  const update = useUpdateProfile();
  const form = useForm<ProfileFormValues>({
    mode: 'uncontrolled',
    initialValues: initialValues(profile),
    validate: schemaResolver(profileUpdate, { sync: true }),
  });

  if (lookups.isPending) return <PageLoader label="Loading the profile form" />;
  if (lookups.isError)
    return <ErrorState message={errorMessage(lookups.error)} onRetry={() => void lookups.refetch()} />;

  const submit = form.onSubmit((values) => {
    const { dateOfBirth, last4SSN, ...fields } = profileUpdate.parse(values);
    // While staff view as the member these two are withheld; the server keeps them as they are.
    const body = profile.sensitiveHidden ? fields : { ...fields, dateOfBirth, last4SSN };
    update.mutate(body, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: profileMessages.updated });
        onDone();
      },
      onError: (error) => {
        showSubmitError(form, error, () => undefined);
        notifications.show({ color: 'red', message: profileMessages.updateFailed });
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Edit profile">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="First name"
            withAsterisk
            autoComplete="given-name"
            key={form.key('firstName')}
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label="Last name"
            withAsterisk
            autoComplete="family-name"
            key={form.key('lastName')}
            {...form.getInputProps('lastName')}
          />
        </SimpleGrid>
        <AddressFields form={form} lookups={lookups.data} required={{ country: true }} />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        {profile.sensitiveHidden ? (
          <Text size="sm">Date of birth and last 4 SSN: {sensitiveHiddenText}</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Date of birth"
              placeholder="MM/DD/YYYY"
              key={form.key('dateOfBirth')}
              {...form.getInputProps('dateOfBirth')}
            />
            <TextInput
              label="Last 4 SSN"
              inputMode="numeric"
              autoComplete="off"
              key={form.key('last4SSN')}
              {...form.getInputProps('last4SSN')}
            />
          </SimpleGrid>
        )}
        <Textarea label="Background" rows={4} key={form.key('background')} {...form.getInputProps('background')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
