import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { DateTime } from 'luxon';
import { useEffect, useEffectEvent, useState } from 'react';
import { fromLocalIso, toLocalIso } from '../lib/local-date-time.ts';

const DELAY_MS = 500;

interface Range {
  dateFrom: string;
  dateTo: string;
}

interface CustomRangeFieldsProps extends Range {
  timeZone: string;
  onCommit: (range: Range) => void;
}

function draftsOf(range: Range, zone: string) {
  return { from: fromLocalIso(range.dateFrom, zone), to: fromLocalIso(range.dateTo, zone) };
}

/** What the drafts mean as API values, or null while one is half typed or the range is backwards. */
function rangeOf(drafts: { from: DateTime | null; to: DateTime | null }, zone: string, current: Range): Range | null {
  const { from, to } = drafts;
  if ((from && !from.isValid) || (to && !to.isValid)) return null;
  if (from && to && from >= to) return null;
  return {
    // A relative value the pickers cannot show is kept until the person picks a time in its place.
    dateFrom: from ? toLocalIso(from, zone) : fromLocalIso(current.dateFrom, zone) ? '' : current.dateFrom,
    dateTo: to ? toLocalIso(to, zone) : fromLocalIso(current.dateTo, zone) ? '' : current.dateTo,
  };
}

/**
 * "From" and "to" date-time pickers, read in `timeZone`. The list follows once the times are complete
 * and in order; "to" is exclusive, as the API treats it.
 */
export function CustomRangeFields({ dateFrom, dateTo, timeZone, onCommit }: CustomRangeFieldsProps) {
  const [source, setSource] = useState({ dateFrom, dateTo, timeZone });
  const [drafts, setDrafts] = useState(() => draftsOf({ dateFrom, dateTo }, timeZone));
  if (source.dateFrom !== dateFrom || source.dateTo !== dateTo || source.timeZone !== timeZone) {
    setSource({ dateFrom, dateTo, timeZone });
    setDrafts(draftsOf({ dateFrom, dateTo }, timeZone));
  }
  const backwards = Boolean(drafts.from?.isValid && drafts.to?.isValid && drafts.from >= drafts.to);
  const commit = useEffectEvent((range: Range) => onCommit(range));
  useEffect(() => {
    const range = rangeOf(drafts, source.timeZone, source);
    if (!range || (range.dateFrom === source.dateFrom && range.dateTo === source.dateTo)) return;
    const timer = setTimeout(() => commit(range), DELAY_MS);
    return () => clearTimeout(timer);
  }, [drafts, source]);

  const field = { size: 'small', sx: { width: { xs: '100%', sm: 230 } } } as const;
  return (
    <>
      <DateTimePicker
        label="From"
        value={drafts.from}
        onChange={(from) => setDrafts((current) => ({ ...current, from }))}
        timezone={timeZone}
        ampm={false}
        slotProps={{ textField: { ...field, helperText: 'Included' }, actionBar: { actions: ['clear', 'accept'] } }}
      />
      <DateTimePicker
        label="To"
        value={drafts.to}
        onChange={(to) => setDrafts((current) => ({ ...current, to }))}
        timezone={timeZone}
        ampm={false}
        slotProps={{
          textField: {
            ...field,
            error: backwards,
            helperText: backwards ? 'Must be after "From"' : 'Not included; empty means now',
          },
          actionBar: { actions: ['clear', 'accept'] },
        }}
      />
    </>
  );
}
