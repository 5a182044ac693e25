import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';

export interface IssuedSignInLink {
  name: string;
  url: string;
}

/** The link staff just issued, to copy; it says plainly what opening it does. */
export function SignInLinkModal({ link, onClose }: { link: IssuedSignInLink | null; onClose: () => void }) {
  return (
    <Modal
      opened={link !== null}
      onClose={onClose}
      title={`Sign-in link for ${link?.name ?? 'a user'}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {link && (
        <Stack gap="sm">
          <Text size="sm">
            Whoever opens this link within one hour views the portal as {link.name} on your behalf: the Viewing as
            banner shows, staff tools are off, and the audit log records your name. The link works once.
          </Text>
          <TextInput label="Sign-in link" value={link.url} readOnly onFocus={(event) => event.currentTarget.select()} />
          <Group justify="flex-end">
            <CopyButton value={link.url}>
              {({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy link'}</Button>}
            </CopyButton>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
