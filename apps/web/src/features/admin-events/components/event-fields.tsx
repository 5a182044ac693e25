import { Checkbox, MultiSelect, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { eventKinds } from '@portal/domain/commerce/enums.ts';
import { gradeBandLabels, gradeBands } from '@portal/domain/events/grade-bands.ts';
import type { EventFormValues } from './form-values.ts';
import { eventKindLabels } from './labels.ts';
import type { Bind } from './part-form.tsx';

const kindOptions = eventKinds.map((kind) => ({ value: kind, label: eventKindLabels[kind] }));
const gradeBandOptions = gradeBands.map((band) => ({ value: band, label: gradeBandLabels[band] }));

/** Every field of an event (staffEventInput), for the new-event form and the editor alike. */
export function EventFields({ bind }: { bind: Bind<EventFormValues> }) {
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" withAsterisk data-autofocus {...bind('name')} />
        <Select label="Kind" withAsterisk allowDeselect={false} data={kindOptions} {...bind('kind')} />
        <TextInput label="Event type" description="Optional" {...bind('eventType')} />
        <TextInput
          label="Event subtype"
          description="Optional. Advanced paths are open to members who attended an event of the same type and subtype in the last 10 years (Coaching Reading and Coaching Writing count as one)"
          {...bind('eventSubtype')}
        />
        <TextInput
          label="Start date"
          description="MM/DD/YYYY"
          placeholder="MM/DD/YYYY"
          withAsterisk
          inputMode="numeric"
          {...bind('startDate')}
        />
        <TextInput
          label="End date"
          description="MM/DD/YYYY"
          placeholder="MM/DD/YYYY"
          withAsterisk
          inputMode="numeric"
          {...bind('endDate')}
        />
        <TextInput
          label="Days before purchase closes"
          description="Sales close this many days before the start date"
          withAsterisk
          inputMode="numeric"
          {...bind('daysBeforePurchaseClose')}
        />
        <TextInput
          label="Capacity"
          description="Tickets for the whole event; empty for unlimited"
          inputMode="numeric"
          {...bind('maxTickets')}
        />
        <TextInput label="Location" description="Optional" {...bind('locationName')} />
        <MultiSelect
          label="Grade bands"
          description="Who it is for, in PD Services' Grades filter; none for every grade"
          placeholder="Every grade"
          data={gradeBandOptions}
          clearable
          {...bind('gradeBands')}
        />
      </SimpleGrid>
      <Textarea label="Description" rows={4} {...bind('description')} />
      <Checkbox
        label="Published"
        description="Members see it in the catalogue"
        {...bind('published', { type: 'checkbox' })}
      />
      <Checkbox
        label="Quotes hold seats"
        description="A quote for its tickets keeps the seats until the quote expires; otherwise a quote holds none"
        {...bind('quotesHoldSeats', { type: 'checkbox' })}
      />
    </Stack>
  );
}
