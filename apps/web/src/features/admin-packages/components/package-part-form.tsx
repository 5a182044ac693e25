import { Button, Checkbox, Group, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { dollarsToCents, formatCents } from '@portal/domain/money.ts';
import {
  groupSectionInput,
  packageEventInput,
  packageGroupInput,
  packageInput,
  packageInstituteInput,
  pdSessionGroupingInput,
  pdSessionInput,
  type StaffPackageDetail,
} from '@portal/domain/packages/admin-contracts.ts';
import { staffPackageMessages } from '@portal/domain/packages/admin-rules.ts';
import { showSubmitError } from '../../../lib/form-errors.ts';
import { PageLoader } from '../../../ui/page-loader.tsx';
import { packageOptionsQuery, saveChange, usePackageChange, type PartKind } from '../api/packages.ts';
import { partFields, type FieldSpec, type FormValues } from './part-fields.ts';

const schemas: Record<PartKind, z.ZodType> = {
  package: packageInput,
  grouping: pdSessionGroupingInput,
  pdSession: pdSessionInput,
  event: packageEventInput,
  group: packageGroupInput,
  section: groupSectionInput,
  institute: packageInstituteInput,
};

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : -1);

/** The API's input from the form as typed; a value that is not one becomes one the schema refuses with its message. */
export function inputOf(kind: PartKind, values: FormValues): Record<string, unknown> {
  return Object.fromEntries(
    partFields[kind].map((field): [string, unknown] => {
      const value = values[field.name];
      if (typeof value === 'boolean') return [field.name, value];
      const text = value ?? '';
      if (field.type === 'money') return [field.name, dollarsToCents(text) ?? -1];
      if (field.type === 'whole') return [field.name, whole(text)];
      if (field.type === 'list') return [field.name, text.trim() === '' ? [] : text.split(',').map(whole)];
      return [field.name, text.trim()];
    }),
  );
}

export function validatePart(kind: PartKind, values: FormValues): Record<string, string> {
  const parsed = schemas[kind].safeParse(inputOf(kind, values));
  const errors: Record<string, string> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? 'name')] ??= issue.message;
  return errors;
}

interface Props {
  kind: PartKind;
  id: string | null;
  parentId: string | null;
  initialValues: FormValues;
  onDone: (saved: StaffPackageDetail | null) => void;
}

/** The form of a package or one of its parts, shown in the editor's drawer. */
export function PackagePartForm({ kind, id, parentId, initialValues, onDone }: Props) {
  const change = usePackageChange();
  const options = useQuery(packageOptionsQuery);
  const form = useForm<FormValues>({ initialValues, validate: (values) => validatePart(kind, values) });
  const needsOptions = partFields[kind].some((field) => ['schoolYear', 'event', 'ticketType'].includes(field.type));
  if (needsOptions && options.isPending) return <PageLoader label="Loading the events and school years" />;

  const submit = form.onSubmit((values) =>
    change.mutate(saveChange(kind, id, parentId, inputOf(kind, values)), {
      onSuccess: (saved) => {
        notifications.show({
          color: 'green',
          message: kind === 'package' && id === null ? staffPackageMessages.created : staffPackageMessages.saved,
        });
        onDone(saved);
      },
      onError: (error) => showSubmitError(form, error),
    }),
  );

  const events = options.data?.events ?? [];
  const chosenEvent = events.find((event) => event.id === form.values.eventId);
  const selectData = (field: FieldSpec) => {
    switch (field.type) {
      case 'schoolYear':
        return [
          { value: '', label: 'Choose a school year' },
          ...(options.data?.schoolYears ?? []).map((y) => ({ value: y.id, label: y.name })),
        ];
      case 'event':
        return [
          { value: '', label: 'Choose an event' },
          ...events.map((e) => ({ value: e.id, label: `${e.name} (${e.startDate})` })),
        ];
      case 'ticketType':
        return [
          { value: '', label: 'Choose a ticket type' },
          ...(chosenEvent?.ticketTypes ?? []).map((t) => ({
            value: t.id,
            label: `${t.name}, ${formatCents(t.priceCents)}`,
          })),
        ];
      case 'travelCostType':
        return [
          { value: 'FIXED_COST', label: 'Fixed cost' },
          { value: 'ACTUAL_COST', label: 'Actual cost (an estimate)' },
        ];
      default:
        return [
          { value: 'ON_SITE', label: 'On site' },
          { value: 'REMOTE', label: 'Remote (no travel cost)' },
        ];
    }
  };

  const render = (field: FieldSpec) => {
    const common = { label: field.label, description: field.description };
    if (field.type === 'checkbox')
      return <Checkbox key={field.name} {...common} {...form.getInputProps(field.name, { type: 'checkbox' })} />;
    if (field.type === 'textarea')
      return <Textarea key={field.name} {...common} rows={3} {...form.getInputProps(field.name)} />;
    if (['schoolYear', 'event', 'ticketType', 'travelCostType', 'setting'].includes(field.type)) {
      const props = form.getInputProps(field.name);
      return (
        <NativeSelect
          key={field.name}
          {...common}
          {...props}
          data={selectData(field)}
          onChange={(event) => {
            form.setFieldValue(field.name, event.currentTarget.value);
            if (field.type === 'event' && 'ticketTypeId' in form.values) form.setFieldValue('ticketTypeId', '');
          }}
        />
      );
    }
    const inputMode = field.type === 'money' ? 'decimal' : field.type === 'whole' ? 'numeric' : undefined;
    return <TextInput key={field.name} {...common} inputMode={inputMode} {...form.getInputProps(field.name)} />;
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${id === null ? 'New' : 'Edit'} ${kind}`}>
      <Stack gap="sm">
        {partFields[kind].map(render)}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
