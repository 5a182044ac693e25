import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import { useState } from 'react';
import { placementMessages } from '@portal/domain/applications/placement.ts';
import type { PlacementBoard, PlacementPreview } from '@portal/domain/applications/placement-contracts.ts';

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
  /** The shown preview's seats left per section: a section with none left is offered as full. */
  fill: PlacementPreview['fill'];
  onClose: () => void;
  onMove: (move: { applicationId: string; sectionId: string; reason: string; name: string }) => void;
}

/** Staff move one person by hand: a section of the same grouping, and why. */
export function MoveModal({ person, groupings, fill, onClose, onMove }: MoveModalProps) {
  const [sectionId, setSectionId] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grouping = groupings.find((candidate) => candidate.id === person?.groupingId);
  const full = new Set(fill.filter((row) => row.remaining === 0).map((row) => row.sectionId));
  // A full section is named as such and cannot be chosen: the server would refuse the move (placementMessages.full).
  const options = (grouping?.sections ?? []).map((section) =>
    full.has(section.id)
      ? { value: section.id, label: `${section.title} (${placementMessages.fullOption})`, disabled: true }
      : { value: section.id, label: section.title },
  );

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
