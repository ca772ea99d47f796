import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api/client.ts';
import { unwrap } from '../../api/apiError.ts';
import { createDebouncer } from '../../fields/pickerSearch.ts';

/** Time after the last key before the box asks the server. */
const SEARCH_DEBOUNCE_MS = 200;

/**
 * The server's answer for the text typed: asked once the typing pauses, keyed by the text (only the latest
 * text's answer shows), with the query's signal (a call still on its way when the text changes is cancelled).
 */
export function useSearchResults(text: string) {
  const [settled, setSettled] = useState(text.trim());
  const debouncer = useMemo(() => createDebouncer(SEARCH_DEBOUNCE_MS, setSettled), []);
  useEffect(() => debouncer.push(text.trim()), [debouncer, text]);
  useEffect(() => () => debouncer.cancel(), [debouncer]);
  const enabled = settled.length >= 2;
  const query = useQuery({
    queryKey: ['search', settled],
    queryFn: async ({ signal }) =>
      (await unwrap(api.GET('/api/search', { params: { query: { q: settled } }, signal }))).data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
    retry: false,
  });
  return { ...query, settled, enabled, typing: settled !== text.trim() };
}
