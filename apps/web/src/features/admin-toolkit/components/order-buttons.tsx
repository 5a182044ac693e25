import { Button, Group } from '@mantine/core';

interface OrderButtonsProps {
  name: string;
  first: boolean;
  last: boolean;
  busy: boolean;
  onMove: (direction: 'up' | 'down') => void;
}

/** Up and Down: one place in the order members see; the first cannot go up nor the last down. */
export function OrderButtons({ name, first, last, busy, onMove }: OrderButtonsProps) {
  return (
    <Group gap="2xs" wrap="nowrap">
      <Button
        size="compact-sm"
        variant="default"
        disabled={first || busy}
        onClick={() => onMove('up')}
        aria-label={`Move ${name} up`}
      >
        Up
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        disabled={last || busy}
        onClick={() => onMove('down')}
        aria-label={`Move ${name} down`}
      >
        Down
      </Button>
    </Group>
  );
}

interface RowActionsProps {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}

export function RowActions({ name, onEdit, onDelete }: RowActionsProps) {
  return (
    <Group gap="2xs" wrap="nowrap">
      <Button size="compact-sm" variant="default" onClick={onEdit} aria-label={`Edit ${name}`}>
        Edit
      </Button>
      <Button size="compact-sm" variant="default" color="red.9" onClick={onDelete} aria-label={`Delete ${name}`}>
        Delete
      </Button>
    </Group>
  );
}
