import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useRef } from 'react';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { usePrefetchSessions } from '../api/use-prefetch-sessions.ts';
import { useWebsitesQuery } from '../../../lib/api/websites-query.ts';
import { APP_LOCALE } from '../../../lib/locale.ts';
import { type DateChoice, dateChoiceOf, findDatePreset } from '../lib/date-presets.ts';
import { startOfTodayIso } from '../lib/local-date-time.ts';
import type { SessionsView } from '../lib/sessions-search-params.ts';
import type { SessionsViewChange } from '../lib/use-sessions-view.ts';
import { FILTER_DEFINITIONS, isFilterOn } from '../lib/session-filters.ts';
import { CustomRangeFields } from './custom-range-fields.tsx';
import { DateChoiceSelect } from './date-choice-select.tsx';
import { DebouncedTextField } from './debounced-text-field.tsx';
import { FilterChips } from './filter-chips.tsx';
import { TimeZoneSelect } from './time-zone-select.tsx';

interface SessionsFiltersProps {
  view: SessionsView;
  onChange: (change: SessionsViewChange) => void;
}

/** Counts the filters that narrow the list (the website's chip among them), for the collapsed panel's button. */
export function activeFilterCount(view: SessionsView): number {
  const chips = FILTER_DEFINITIONS.filter((definition) => isFilterOn(view.filters, definition)).length;
  return [view.email, view.visitorId, view.websiteId, view.dateFrom || view.dateTo].filter(Boolean).length + chips;
}

/** E-mail, visitor id, dates and time zone, then the other filters as chips; each change lands in the URL. */
export function SessionsFilters({ view, onChange }: SessionsFiltersProps) {
  const choice = dateChoiceOf(view.dateFrom, view.dateTo);
  const addFilter = useRef<HTMLButtonElement>(null);
  const websites = useWebsitesQuery();
  const prefetch = usePrefetchSessions(view);
  const previewDates = (next: DateChoice) => {
    const preset = findDatePreset(next);
    if (preset) prefetch({ dateFrom: preset.from, dateTo: preset.to });
  };
  const chooseDates = (next: DateChoice) => {
    if (next === 'custom') {
      onChange({ dateFrom: startOfTodayIso(view.timeZone), dateTo: '' });
      return;
    }
    const preset = findDatePreset(next);
    if (preset) onChange({ dateFrom: preset.from, dateTo: preset.to });
  };
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={APP_LOCALE}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          alignItems: 'flex-start',
          '& > *': { flex: { xs: '1 1 100%', sm: '0 0 auto' } },
        }}
      >
        <DebouncedTextField
          label="E-mail"
          size="small"
          value={view.email}
          onCommit={(email) => onChange({ email })}
          slotProps={{ htmlInput: { inputMode: 'email', autoComplete: 'off', spellCheck: false } }}
          sx={{ width: { sm: 220 } }}
        />
        <DebouncedTextField
          label="Visitor id"
          size="small"
          value={view.visitorId}
          onCommit={(visitorId) => onChange({ visitorId })}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
          sx={{ width: { sm: 180 } }}
        />
        <DateChoiceSelect value={choice} onChange={chooseDates} onPreview={previewDates} />
        {choice === 'custom' ? (
          <CustomRangeFields
            dateFrom={view.dateFrom}
            dateTo={view.dateTo}
            timeZone={view.timeZone}
            onCommit={(range) => onChange(range)}
          />
        ) : null}
        <TimeZoneSelect value={view.timeZone} onChange={(timeZone) => onChange({ timeZone })} />
        {activeFilterCount(view) > 0 ? (
          <Button
            onClick={() => {
              onChange({ email: '', visitorId: '', websiteId: '', dateFrom: '', dateTo: '', filters: {} });
              // The button goes with the filters: focus stays near, on the way to add one again.
              addFilter.current?.focus();
            }}
            sx={{ alignSelf: 'center' }}
          >
            Clear filters
          </Button>
        ) : null}
      </Box>
      <FilterChips
        addRef={addFilter}
        filters={view.filters}
        onChange={(change) => onChange((current) => ({ filters: change(current.filters) }))}
        website={{
          websiteId: view.websiteId,
          websites: (websites.data ?? []).map((website) => ({ id: website.website_id, name: website.name })),
          onChange: (websiteId) => onChange({ websiteId }),
        }}
      />
    </LocalizationProvider>
  );
}
