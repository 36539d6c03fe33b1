/**
 * The filter panel's state: the channel chosen in the form (it decides the price lists before it is applied), the
 * submit that navigates to the normalised query string, and the phone sheet's live result count.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { fromQueryParams, toQueryParams } from './search-codec.ts';
import type { Search } from './search-model.ts';
import { PRICE_BANDS } from './search-options.ts';
import { setChannel } from './search-rules.ts';

function formToSearch(form: HTMLFormElement, current: Search): Search {
  const data = new FormData(form);
  const params = new URLSearchParams();
  for (const [key, value] of data) {
    if (typeof value !== 'string' || value === '' || key === 'tags') continue;
    params.set(key, value);
  }
  const tags = data.getAll('tags').filter((tag): tag is string => typeof tag === 'string');
  if (tags.length > 0) params.set('tags', tags.join(','));
  if (current.poly && keepsDrawnArea(params, current)) params.set('poly', toQueryParams(current).get('poly') ?? '');
  const next = fromQueryParams(params);
  // Spec point 4: changing channel clears the price range (sale prices make no sense as rents). The price lists
  // were already swapped and emptied when the channel was chosen, so prices picked after that are kept.
  if (next.channel === current.channel || form.dataset.pricesFor === next.channel) return next;
  return setChannel({ ...next, channel: current.channel }, next.channel);
}

/**
 * The drawn area survives a form submit unless a new free-text location or keyword replaces it (spec point 4). A
 * place chosen from the suggestions is not free text: the search is then the drawn area within that place.
 */
function keepsDrawnArea(params: URLSearchParams, current: Search): boolean {
  const q = params.get('q');
  const isNewFreeText = q !== null && q !== (current.q ?? '') && params.get('placeId') === null;
  const text = params.get('text');
  const isNewKeyword = text !== null && text !== (current.text ?? '');
  return !isNewFreeText && !isNewKeyword;
}

export function useSearchFilters(search: Search, resultCount: { count: number; isCapped: boolean } | null) {
  const navigate = useNavigate();
  const liveCount = useLiveResultCount(resultCount);
  // The channel chosen in the form (not yet applied) decides the price lists: sale prices are not rents.
  const [channelChoice, setChannelChoice] = useState({ from: search.channel, channel: search.channel });
  const channel = channelChoice.from === search.channel ? channelChoice.channel : search.channel;
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = formToSearch(event.currentTarget, search);
    void navigate(
      `/search?${toQueryParams(next).toString()}${window.location.hash.startsWith('#/map') ? '#/map' : ''}`,
    );
  }
  return {
    channel,
    bands: PRICE_BANDS[channel],
    priceDefaults: channel === search.channel ? search : { minPrice: null, maxPrice: null },
    chooseChannel: (next: Search['channel']) => setChannelChoice({ from: search.channel, channel: next }),
    onSubmit,
    onChange: (event: FormEvent<HTMLFormElement>) => liveCount.recount(formToSearch(event.currentTarget, search)),
    liveCountText: liveCount.text,
  };
}

/**
 * 'Show N results' for the phone's filter sheet: the count of what the sheet's filters would find, asked of
 * GET /search.ljson as they change (debounced, and only where the sheet is shown).
 */
function useLiveResultCount(initial: { count: number; isCapped: boolean } | null) {
  const [count, setCount] = useState(initial);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const request = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );
  const recount = (next: Search) => {
    if (!initial || !window.matchMedia('(max-width: 767px)').matches) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      fetch(`/search.ljson?${toQueryParams({ ...next, page: 1 }).toString()}`, { signal: controller.signal })
        .then((response) => (response.ok ? response.json() : null))
        .then((body: { total?: { count: number; isCapped: boolean } } | null) => {
          if (body?.total) setCount(body.total);
        })
        .catch(() => undefined);
    }, 300);
  };
  const text = count
    ? `Show ${count.count.toLocaleString('en-GB')}${count.isCapped ? '+' : ''} result${count.count === 1 && !count.isCapped ? '' : 's'}`
    : null;
  return { text, recount };
}
