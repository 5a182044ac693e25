import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { placementMessages } from '@portal/domain/applications/placement.ts';
import type { PlacementBoard } from '@portal/domain/applications/placement-contracts.ts';

export interface MovingPerson {
  applicationId: string;
  name: string;
  /** The grouping the person is moved within. */
  groupingId: string;
  sectionId: string | null;
}

interface MoveModalProps {
  person: MovingPerson | null;
  groupings: PlacementBoard['groupings'];
  onClose: () => void;
  onMove: (move: { applicationId: string; sectionId: string; reason: string; name: string }) => void;
}

/** Staff move one person by hand: a section of the same grouping, and why. */
export function MoveModal({ person, groupings, onClose, onMove }: MoveModalProps) {
  const [sectionId, setSectionId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grouping = groupings.find((candidate) => candidate.id === person?.groupingId);
  const options = (grouping?.sections ?? []).map((section) => ({ value: section.id, label: section.title }));

  const close = () => {
    setSectionId(null);
    setReason('');
    setError(null);
    onClose();
  };
  const submit = () => {
    if (!person || !sectionId) return;
    if (reason.trim() === '') {
      setError(placementMessages.reasonRequired);
      return;
    }
    onMove({ applicationId: person.applicationId, sectionId, reason: reason.trim(), name: person.name });
    close();
  };

  return (
    <Modal opened={person !== null} onClose={close} title={person ? `Move ${person.name}` : 'Move'}>
      <Stack gap="md">
        <Select
          label="Section"
          placeholder="Choose a section"
          data={options.filter((option) => option.value !== person?.sectionId)}
          value={sectionId}
          onChange={setSectionId}
          required
          allowDeselect={false}
        />
        <Textarea
          label="Reason"
          description="Kept with the place and in the audit log."
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          required
          autosize
          minRows={2}
          maxLength={500}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={!sectionId}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
