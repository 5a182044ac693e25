import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/** organizations.md §2 (package wizard), used for every draft edited locally. */
export const unsavedChangesMessage = 'You have unsaved changes that will be lost...';

/**
 * While `when` holds, leaving asks first: a move inside the app opens this dialog (Stay / Leave), and
 * closing or reloading the tab gets the browser's own question (beforeunload).
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  const blocked = blocker.state === 'blocked';
  return (
    <Modal opened={blocked} onClose={() => blocker.reset?.()} title="Leave this page?" centered>
      <Stack gap="md">
        <Text>{unsavedChangesMessage}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay on this page
          </Button>
          <Button color="red.9" onClick={() => blocker.proceed?.()}>
            Leave
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
