import { Button, Group } from '@mantine/core';

interface FormActionsProps {
  /** Without it only Save is offered (a form that is always shown). */
  onCancel?: () => void;
  saving: boolean;
  saveLabel?: string;
}

/** Cancel and Save under an in-place form; Cancel waits while the save is under way. */
export function FormActions({ onCancel, saving, saveLabel = 'Save' }: FormActionsProps) {
  return (
    <Group justify="flex-end" gap="sm">
      {onCancel ? (
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" loading={saving}>
        {saveLabel}
      </Button>
    </Group>
  );
}
