import { Select, TextInput } from '@mantine/core';
import {
  catalogueFilterMessages,
  catalogueFormats,
  catalogueKindFilters,
  type CatalogueFormat,
  type CatalogueKindFilter,
} from '@portal/domain/events/catalogue.ts';
import { gradeBandLabels, gradeBands } from '@portal/domain/events/grade-bands.ts';
import { useListFilter } from '../../../lib/list-search.ts';
import type { CatalogueParams } from '../api/catalogue.ts';
import { formatLabels, kindFilterLabels } from './event-labels.ts';

const anyKind = 'ANY';
const anywhere = 'ANYWHERE';
const allGrades = 'ALL';

const kindOptions = [
  { value: anyKind, label: 'All kinds' },
  ...catalogueKindFilters.map((kind: CatalogueKindFilter) => ({ value: kind, label: kindFilterLabels[kind] })),
];
const formatOptions = [
  { value: anywhere, label: 'Anywhere' },
  ...catalogueFormats.map((format: CatalogueFormat) => ({ value: format, label: formatLabels[format] })),
];
const gradeOptions = [
  { value: allGrades, label: 'All grades' },
  ...gradeBands.map((band) => ({ value: band, label: gradeBandLabels[band] })),
];

/**
 * PD Services' filters beside its search box: the days an event runs, its kind, online or in
 * person, the grade band it is for (events for every grade show under each). Each one is a
 * parameter of the address (shared, reloaded and gone back to as it is); choosing one adds a step
 * to the history and starts the list again at page 1. The dates are `autoComplete="off"`: on a reload Chrome
 * would otherwise restore the fields' values from before it into the app's inputs after React has drawn them
 * from the address, and show a field empty that the address fills.
 */
export function CatalogueFilters({ params }: { params: CatalogueParams }) {
  const setFilter = useListFilter();
  const backwards = params.from !== undefined && params.to !== undefined && params.from > params.to;
  return (
    <>
      <TextInput
        label="From"
        type="date"
        autoComplete="off"
        value={params.from ?? ''}
        max={params.to}
        onChange={(event) => setFilter('from', event.currentTarget.value)}
        w={170}
      />
      <TextInput
        label="To"
        type="date"
        autoComplete="off"
        value={params.to ?? ''}
        min={params.from}
        onChange={(event) => setFilter('to', event.currentTarget.value)}
        error={backwards ? catalogueFilterMessages.dateOrder : undefined}
        w={170}
      />
      <Select
        label="Kind"
        data={kindOptions}
        value={params.kind ?? anyKind}
        onChange={(value) => setFilter('kind', value, anyKind)}
        allowDeselect={false}
        w={200}
      />
      <Select
        label="Where"
        data={formatOptions}
        value={params.format ?? anywhere}
        onChange={(value) => setFilter('format', value, anywhere)}
        allowDeselect={false}
        w={160}
      />
      <Select
        label="Grades"
        data={gradeOptions}
        value={params.grade ?? allGrades}
        onChange={(value) => setFilter('grade', value, allGrades)}
        allowDeselect={false}
        w={200}
      />
    </>
  );
}
