import { Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useSetSectionHours } from '../api/staff-attendance.ts';

interface SectionHoursProps {
  eventId: string;
  sections: { sectionId: string; title: string; minutesPerDay: number }[];
}

function HoursRow({ eventId, section }: { eventId: string; section: SectionHoursProps['sections'][number] }) {
  const [hours, setHours] = useState(String(section.minutesPerDay / 60));
  const save = useSetSectionHours(eventId);
  const minutes = Math.round(Number(hours) * 60);
  const valid = Number.isFinite(minutes) && minutes >= 15 && minutes <= 1440;
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      {/* A native number field (arrow keys step a quarter hour): NumberInput's formatting library would take the page over its size budget. */}
      <TextInput
        type="number"
        inputMode="decimal"
        label={`${section.title}: hours per attended day`}
        value={hours}
        onChange={(event) => setHours(event.currentTarget.value)}
        min={0.25}
        max={24}
        step={0.25}
        error={valid ? undefined : 'Enter from 0.25 to 24 hours'}
        style={{ flex: '1 1 240px' }}
      />
      <Button
        variant="default"
        disabled={!valid || minutes === section.minutesPerDay}
        loading={save.isPending}
        onClick={() => save.mutate({ sectionId: section.sectionId, minutesPerDay: minutes })}
        aria-label={`Save hours: ${section.title}`}
      >
        Save
      </Button>
    </Group>
  );
}

/** The hours one attended day of each section counts for on a certificate. */
export function SectionHours({ eventId, sections }: SectionHoursProps) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="hours-heading">
      <Title order={2} size="h3" id="hours-heading">
        Certificate hours
      </Title>
      <Text size="sm">Changing a section’s hours updates every certificate of the event.</Text>
      {sections.length === 0 ? (
        <Text>No sections found</Text>
      ) : (
        sections.map((section) => <HoursRow key={section.sectionId} eventId={eventId} section={section} />)
      )}
    </Stack>
  );
}
