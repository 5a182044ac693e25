import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { decisionLabels, type ApplicationDecision } from '@portal/domain/applications/rules.ts';

/** What each decision does, said before staff confirm it. */
const consequences: Record<ApplicationDecision, string> = {
  ACCEPT: 'The applicant is told by email and can then pay for the event.',
  REJECT: 'The applicant is told by email. The application can no longer be changed.',
  REQUEST_CHANGES: 'The applicant is told by email and can change and submit the application again.',
  VOID: 'The application is withdrawn. An unpaid payment of it is cancelled and its seat released.',
};

const questions: Record<ApplicationDecision, (name: string) => string> = {
  ACCEPT: (name) => `Accept the application of ${name}?`,
  REJECT: (name) => `Reject the application of ${name}?`,
  REQUEST_CHANGES: (name) => `Ask ${name} for changes?`,
  VOID: (name) => `Void the application of ${name}?`,
};

const destructive = new Set<ApplicationDecision>(['REJECT', 'VOID']);

interface DecisionModalProps {
  /** The decision being confirmed, or null when the modal is closed. */
  decision: ApplicationDecision | null;
  applicantName: string;
  busy: boolean;
  onConfirm: (decision: ApplicationDecision, note: string) => void;
  onClose: () => void;
}

/** Confirms a decision, with an optional note the applicant reads in the decision mail. */
export function DecisionModal({ decision, applicantName, busy, onConfirm, onClose }: DecisionModalProps) {
  return (
    <Modal opened={decision !== null} onClose={onClose} title={decision ? questions[decision](applicantName) : ''}>
      {decision ? (
        <DecisionForm key={decision} decision={decision} busy={busy} onConfirm={onConfirm} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function DecisionForm({
  decision,
  busy,
  onConfirm,
  onClose,
}: Omit<DecisionModalProps, 'decision' | 'applicantName'> & { decision: ApplicationDecision }) {
  const [note, setNote] = useState('');
  const tooLong = note.trim().length > 2000;
  return (
    <form
      noValidate
      aria-label={`${decisionLabels[decision]} application`}
      onSubmit={(event) => {
        event.preventDefault();
        if (!tooLong) onConfirm(decision, note.trim());
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{consequences[decision]}</Text>
        <Textarea
          label="Note to the applicant"
          description="Optional; included in the email"
          rows={4}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          error={tooLong ? 'Keep the note under 2000 characters' : null}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} {...(destructive.has(decision) ? { color: 'red.9' } : {})}>
            {decisionLabels[decision]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
