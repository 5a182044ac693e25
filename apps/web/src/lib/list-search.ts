import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  search: string;
  page: number;
}

/** The page of a searchable list the URL asks for (?search=&page=). */
export function listParams(searchParams: URLSearchParams): ListParams {
  const page = Number.parseInt(searchParams.get('page') ?? '1', 10);
  return {
    search: (searchParams.get('search') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/**
 * A search box over a paginated list whose search and page live in the URL: the search is applied
 * once typing pauses (300 ms) and starts again at page 1. Other parameters of the list (a status
 * filter) stay as they are.
 */
export function useListSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = listParams(searchParams);
  const [input, setInput] = useState(params.search);
  const [debounced] = useDebouncedValue(input.trim(), 300);

  useEffect(() => {
    if (debounced === params.search) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        if (debounced) next.set('search', debounced);
        else next.delete('search');
        return next;
      },
      { replace: true },
    );
  }, [debounced, params.search, setSearchParams]);

  const goToPage = (page: number) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.set('page', String(page));
      return next;
    });

  return { params, input, setInput, goToPage };
}

/**
 * Sets one filter of a list in the URL and starts it again at page 1: the filter leaves the URL when
 * emptied or set back to its `fallback` (the value the list shows without it).
 */
export function useListFilter() {
  const [, setSearchParams] = useSearchParams();
  return (name: string, value: string | null, fallback?: string) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      next.delete('page');
      if (!value || value === fallback) next.delete(name);
      else next.set(name, value);
      return next;
    });
}
