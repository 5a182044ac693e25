import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { searchRules } from '@portal/domain/organizations/messages.ts';
import { searchQuery, type SearchKind } from './api.ts';

export interface PickedOption {
  value: string;
  label: string;
}

interface RemoteSearchSelectProps {
  kind: SearchKind;
  label: string;
  /** What is chosen now (its label is known even when it is not among the latest results). */
  selected: PickedOption | null;
  onChange: (option: PickedOption | null) => void;
  /** Said when a search finds nothing ("No organizations found"). */
  noResults: string;
  error?: ReactNode;
  disabled?: boolean;
  withAsterisk?: boolean;
}

const minLength = searchRules.minLength;

/**
 * A searchable Select whose options come from the server: nothing is asked under 3 characters, and
 * one request goes out once typing has paused for 300 ms, for 10 results (events.md §5, §9).
 */
export function RemoteSearchSelect({
  kind,
  label,
  selected,
  onChange,
  noResults,
  ...inputProps
}: RemoteSearchSelectProps) {
  const [search, setSearch] = useState(selected?.label ?? '');
  // Showing the chosen option's label is not a search; anything else typed is.
  const searching = search !== (selected?.label ?? '');
  const term = searching ? search.trim() : '';
  const [debounced] = useDebouncedValue(term, searchRules.debounceMs);
  const results = useQuery(searchQuery(kind, debounced));

  const hits = term.length >= minLength && results.data ? results.data.items : [];
  const details = new Map(
    hits.map((hit) => [
      hit.id,
      'city' in hit ? [hit.districtName, [hit.city, hit.stateProvince].filter(Boolean).join(', ')] : [],
    ]),
  );
  const data = searching ? hits.map((hit) => ({ value: hit.id, label: hit.name })) : selected ? [selected] : [];

  // Said beside the field (a live region), not inside the dropdown: an open listbox must hold options.
  const hint =
    term.length < minLength
      ? `Type at least ${minLength} characters to search`
      : debounced !== term || results.isFetching
        ? 'Searching…'
        : results.isError
          ? 'The search failed. Please try again.'
          : hits.length === 0
            ? noResults
            : `Showing ${hits.length} of ${results.data?.totalCapped ? `over ${results.data.total.toLocaleString('en-US')}` : (results.data?.total ?? hits.length)}`;

  return (
    <Select
      {...inputProps}
      label={label}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label.toLowerCase()}` }}
      data={data}
      value={selected?.value ?? null}
      onChange={(value, option) => onChange(value && option ? { value, label: option.label } : null)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already matched the search; Mantine must not filter its answer again.
      filter={({ options }) => options}
      description={<span role="status">{hint}</span>}
      renderOption={({ option }) => {
        const lines = (details.get(option.value) ?? []).filter((line): line is string => Boolean(line));
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {lines.length > 0 ? (
              <Text size="xs" c="dimmed">
                {lines.join(' · ')}
              </Text>
            ) : null}
          </Stack>
        );
      }}
    />
  );
}
