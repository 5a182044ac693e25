import { Alert, Button, CopyButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { webhookMessages } from '@portal/domain/staff/webhooks.ts';

export interface ShownSecret {
  /** What just happened (added, rotated): said here rather than in a toast hidden behind the dialog. */
  notice: string;
  url: string;
  secret: string;
}

/** The signing secret of a new or rotated endpoint: shown this once, to copy into the receiving system. */
export function SecretModal({ shown, onClose }: { shown: ShownSecret | null; onClose: () => void }) {
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title="Signing secret"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {shown && (
        <Stack gap="sm">
          <Text role="status" fw={500}>
            {shown.notice}
          </Text>
          <Alert color="yellow" variant="light">
            {webhookMessages.secretOnce}
          </Alert>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            The receiving system at {shown.url} verifies each post with it (Standard Webhooks: the webhook-id,
            webhook-timestamp and webhook-signature headers).
          </Text>
          {/* A text area, not a one-line input: a 50-character secret in monospace is wider than the dialog, and an
              input would hide its end past the edge; here it wraps anywhere and every character stays in view. */}
          <Textarea
            label="Signing secret"
            value={shown.secret}
            readOnly
            rows={2}
            ff="monospace"
            styles={{ input: { overflowWrap: 'anywhere', wordBreak: 'break-all' } }}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group justify="flex-end">
            <CopyButton value={shown.secret}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
