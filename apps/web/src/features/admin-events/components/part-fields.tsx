import { Checkbox, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { pathLevelLabels, pathLevels } from '@portal/domain/applications/rules.ts';
import { applicationSelectionLevels } from '@portal/domain/commerce/enums.ts';
import type { GroupingFormValues, PathFormValues, SectionFormValues, TicketTypeFormValues } from './form-values.ts';
import { selectionLevelLabels } from './labels.ts';
import type { Bind } from './part-form.tsx';

const positionProps = {
  label: 'Position',
  description: 'Order among its siblings, 0 first',
  inputMode: 'numeric',
} as const;
const capacityProps = { label: 'Capacity', description: 'Empty for unlimited', inputMode: 'numeric' } as const;

export function TicketTypeFields({ bind }: { bind: Bind<TicketTypeFormValues> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Name" withAsterisk data-autofocus {...bind('name')} />
      <TextInput
        label="Price"
        description="In dollars, e.g. 149.00"
        leftSection="$"
        withAsterisk
        inputMode="decimal"
        {...bind('price')}
      />
    </SimpleGrid>
  );
}

const levelOptions = applicationSelectionLevels.map((level) => ({ value: level, label: selectionLevelLabels[level] }));
const pathLevelOptions = pathLevels.map((level) => ({ value: level, label: pathLevelLabels[level] }));

export function PathFields({ bind }: { bind: Bind<PathFormValues> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Name" description="e.g. first-year" withAsterisk data-autofocus {...bind('name')} />
      <Select
        label="Level"
        description="Advanced: only applicants with a matching past event"
        withAsterisk
        allowDeselect={false}
        data={pathLevelOptions}
        {...bind('level')}
      />
      <Select
        label="Application selection level"
        withAsterisk
        allowDeselect={false}
        data={levelOptions}
        {...bind('applicationSelectionLevel')}
      />
      <TextInput
        label="Ranked selection amount"
        description="1 to 20"
        withAsterisk
        inputMode="numeric"
        {...bind('rankedSelectionAmount')}
      />
      <TextInput {...positionProps} withAsterisk {...bind('position')} />
      <Checkbox label="Require ranked selection" {...bind('requireRankedSelection', { type: 'checkbox' })} />
    </SimpleGrid>
  );
}

export function GroupingFields({ bind }: { bind: Bind<GroupingFormValues> }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label="Name" description="e.g. Morning" withAsterisk data-autofocus {...bind('name')} />
      <TextInput
        {...capacityProps}
        description="Tickets across its sections; empty for unlimited"
        {...bind('maxTickets')}
      />
      <TextInput {...positionProps} withAsterisk {...bind('position')} />
    </SimpleGrid>
  );
}

export function SectionFields({ bind, ticketsTaken }: { bind: Bind<SectionFormValues>; ticketsTaken: number | null }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Title" withAsterisk data-autofocus {...bind('title')} />
        <TextInput
          label="Dates"
          description="MM/DD/YYYY, separated by commas"
          placeholder="MM/DD/YYYY, MM/DD/YYYY"
          {...bind('dates')}
        />
        <TextInput label="Location" description="Optional" {...bind('locationName')} />
        <TextInput
          label="Audience types"
          description="Separated by commas, e.g. Teachers, Coaches"
          {...bind('audienceType')}
        />
        <TextInput {...capacityProps} {...bind('maxTickets')} />
        <TextInput {...positionProps} withAsterisk {...bind('position')} />
      </SimpleGrid>
      <Textarea label="Description" rows={3} {...bind('description')} />
      <Checkbox label="Free" description="Its tickets cost $0.00" {...bind('isFree', { type: 'checkbox' })} />
      {ticketsTaken !== null ? <Text size="sm">Tickets sold or held: {ticketsTaken}</Text> : null}
    </>
  );
}
