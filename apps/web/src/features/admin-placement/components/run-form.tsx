import '@mantine/core/styles/Radio.css';
import { Button, CloseButton, Group, List, NumberInput, Radio, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  maxLotterySeed,
  placementPriorities,
  placementPriorityLabels,
  type PlacementPriority,
} from '@portal/domain/applications/placement.ts';
import { placementApplicantsQuery } from '../api/placement.ts';

export interface OrderedPerson {
  applicationId: string;
  name: string;
}

export interface RunSettings {
  priority: PlacementPriority;
  seed: number | null;
  order: OrderedPerson[];
}

interface RunFormProps {
  eventId: string;
  settings: RunSettings;
  onChange: (settings: RunSettings) => void;
  onPreview: () => void;
  pending: boolean;
}

/** A new lottery seed, drawn by the browser's cryptographic generator so nobody picks a convenient draw. */
export function newSeed(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
}

/** The priority a run places people in: first come, a seeded lottery, or an order set by hand. */
export function RunForm({ eventId, settings, onChange, onPreview, pending }: RunFormProps) {
  const applicants = useQuery({ ...placementApplicantsQuery(eventId, ''), enabled: settings.priority === 'MANUAL' });
  const chosen = new Set(settings.order.map((person) => person.applicationId));
  const addable = (applicants.data?.items ?? [])
    .filter((person) => !chosen.has(person.applicationId))
    .map((person) => ({
      value: person.applicationId,
      label: `${person.firstName} ${person.lastName} (${person.email})`,
    }));

  return (
    <Stack gap="md">
      <Radio.Group
        label="Priority order"
        description="In this order each applicant gets their highest-ranked section that still has room."
        value={settings.priority}
        onChange={(value) => {
          const priority = value;
          onChange({
            ...settings,
            priority,
            seed: priority === 'LOTTERY' ? (settings.seed ?? newSeed()) : settings.seed,
          });
        }}
      >
        <Stack gap="xs" mt="xs">
          {placementPriorities.map((priority) => (
            <Radio key={priority} value={priority} label={placementPriorityLabels[priority]} />
          ))}
        </Stack>
      </Radio.Group>
      {settings.priority === 'LOTTERY' ? (
        <Group align="flex-end" gap="sm">
          <NumberInput
            label="Lottery seed"
            description="The same seed draws the same order: note it to reproduce the draw."
            value={settings.seed ?? ''}
            onChange={(value) => onChange({ ...settings, seed: typeof value === 'number' ? value : null })}
            min={0}
            max={maxLotterySeed}
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator={false}
            w={260}
          />
          <Button variant="default" onClick={() => onChange({ ...settings, seed: newSeed() })}>
            New draw
          </Button>
        </Group>
      ) : null}
      {settings.priority === 'MANUAL' ? (
        <Stack gap="xs">
          <Select
            label="Add to the priority order"
            placeholder={applicants.isPending ? 'Loading applicants…' : 'Search an applicant'}
            data={addable}
            value={null}
            searchable
            nothingFoundMessage="No applicant found"
            onChange={(value) => {
              const person = addable.find((option) => option.value === value);
              if (person)
                onChange({
                  ...settings,
                  order: [...settings.order, { applicationId: person.value, name: person.label }],
                });
            }}
          />
          {settings.order.length === 0 ? (
            <Text size="sm">Nobody is ordered yet: everyone is placed by submission time.</Text>
          ) : (
            <List type="ordered" spacing={4} aria-label="Priority order">
              {settings.order.map((person) => (
                <List.Item key={person.applicationId}>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm">{person.name}</Text>
                    <CloseButton
                      size="sm"
                      aria-label={`Remove ${person.name} from the order`}
                      onClick={() =>
                        onChange({
                          ...settings,
                          order: settings.order.filter((other) => other.applicationId !== person.applicationId),
                        })
                      }
                    />
                  </Group>
                </List.Item>
              ))}
            </List>
          )}
          <Text size="sm" c="dimmed">
            Everyone not in the list follows by submission time.
          </Text>
        </Stack>
      ) : null}
      <Group>
        <Button
          onClick={onPreview}
          loading={pending}
          disabled={settings.priority === 'LOTTERY' && settings.seed === null}
        >
          Preview placement
        </Button>
      </Group>
    </Stack>
  );
}
