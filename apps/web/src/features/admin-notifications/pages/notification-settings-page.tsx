import { Button, Fieldset, Group, Radio, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  notificationFrequencies,
  notificationFrequencyLabels,
  staffWorkKindLabels,
  staffWorkKinds,
  type NotificationFrequency,
  type NotificationSettings,
  type NotificationSettingsReply,
} from '@portal/domain/staff/notifications.ts';
import { errorMessage, notifyError } from '../../../lib/errors.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { notificationSettingsQuery, useSaveNotificationSettings } from '../api/notification-settings.ts';

export const notificationSettingsLoader = (queryClient: QueryClient) => async () => {
  await queryClient.prefetchQuery(notificationSettingsQuery);
  return null;
};

/** "7:00 AM" for hour 7: the digest's hour as a person reads it. */
function hourLabel(hour: number): string {
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}:00 ${hour < 12 ? 'AM' : 'PM'}`;
}

const isFrequency = (value: string): value is NotificationFrequency =>
  (notificationFrequencies as readonly string[]).includes(value);

function SettingsForm({ saved }: { saved: NotificationSettingsReply }) {
  const [settings, setSettings] = useState<NotificationSettings>(saved.settings);
  const save = useSaveNotificationSettings();
  const changed = staffWorkKinds.some((kind) => settings[kind] !== saved.settings[kind]);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(settings, {
          onSuccess: () => notifications.show({ color: 'green', message: 'Notification settings saved' }),
          onError: notifyError,
        });
      }}
    >
      <Stack gap="md">
        <Text>
          Choose how you hear of new work. The daily digest is sent at {hourLabel(saved.digestHour)} (
          {saved.timeZone.replace('_', ' ')}) and lists what arrived since your previous digest.
        </Text>
        <Fieldset legend="Mail me about">
          <Stack gap="lg">
            {staffWorkKinds.map((kind) => (
              <Radio.Group
                key={kind}
                label={staffWorkKindLabels[kind]}
                value={settings[kind]}
                onChange={(value) => {
                  if (isFrequency(value)) setSettings((current) => ({ ...current, [kind]: value }));
                }}
              >
                <Group gap="lg" mt="xs">
                  {notificationFrequencies.map((frequency) => (
                    <Radio key={frequency} value={frequency} label={notificationFrequencyLabels[frequency]} />
                  ))}
                </Group>
              </Radio.Group>
            ))}
          </Stack>
        </Fieldset>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={!changed}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /admin/settings/notifications: each staff member's own choice per kind of work (at once, daily digest, off). */
export function NotificationSettingsPage() {
  const settings = useQuery(notificationSettingsQuery);
  return (
    <Stack gap="md" maw={720}>
      <Title order={1}>Notification settings</Title>
      {settings.isPending ? (
        <Skeleton height={320} role="status" aria-label="Loading your notification settings" />
      ) : settings.isError ? (
        <ErrorState message={errorMessage(settings.error)} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm saved={settings.data} />
      )}
    </Stack>
  );
}
