import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import type { DateTime } from 'luxon';
import { type KeyboardEvent, useState } from 'react';
import { fromLocalIso, toLocalIso } from '../lib/local-date-time.ts';

/**
 * Day, month by name, year and 24-hour time, as the list writes dates ("16 Nov 2026"): read the same in every
 * country, where "03/11/2026" is 3 November to some and 11 March to others. The month is typed as its number
 * or its first letters.
 */
const FORMAT = 'dd MMM yyyy HH:mm';
const UNFINISHED = 'Not a full date and time: day, month, year, hh:mm';

interface Range {
  dateFrom: string;
  dateTo: string;
}

interface CustomRangeFieldsProps extends Range {
  timeZone: string;
  onCommit: (range: Range) => void;
}

type Drafts = { from: DateTime | null; to: DateTime | null };

/** Some sections typed, others still empty or out of range: not a time yet, and not sent. */
function isUnfinished(value: DateTime | null): boolean {
  return value !== null && !value.isValid;
}

function draftsOf(range: Range, zone: string): Drafts {
  return { from: fromLocalIso(range.dateFrom, zone), to: fromLocalIso(range.dateTo, zone) };
}

/** What the drafts mean as API values, or null while one is half typed or the range is backwards. */
function rangeOf(drafts: Drafts, zone: string, current: Range): Range | null {
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
 * "From" and "to" date-time pickers, read in `timeZone`. The list follows when a time is picked, or when a
 * typed one is finished (Enter, or leaving the field): committing while someone types would take "1" of
 * "12:00" as 01:00 and rewrite the field under their fingers. "To" is exclusive, as the API treats it.
 */
export function CustomRangeFields({ dateFrom, dateTo, timeZone, onCommit }: CustomRangeFieldsProps) {
  const [source, setSource] = useState({ dateFrom, dateTo, timeZone });
  const [drafts, setDrafts] = useState(() => draftsOf({ dateFrom, dateTo }, timeZone));
  if (source.dateFrom !== dateFrom || source.dateTo !== dateTo || source.timeZone !== timeZone) {
    setSource({ dateFrom, dateTo, timeZone });
    setDrafts(draftsOf({ dateFrom, dateTo }, timeZone));
  }
  const backwards = Boolean(drafts.from?.isValid && drafts.to?.isValid && drafts.from >= drafts.to);
  const commit = (next: Drafts) => {
    const range = rangeOf(next, source.timeZone, source);
    if (range && (range.dateFrom !== source.dateFrom || range.dateTo !== source.dateTo)) onCommit(range);
  };
  const finishTyping = {
    onBlur: () => commit(drafts),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') commit(drafts);
    },
  };

  const field = { size: 'small', sx: { width: { xs: '100%', sm: 230 } }, ...finishTyping } as const;
  return (
    <>
      <DateTimePicker
        label="From"
        value={drafts.from}
        // No session has started yet after now: a start there would show an empty list.
        disableFuture
        onChange={(from) => setDrafts((current) => ({ ...current, from }))}
        onAccept={(from) => commit({ ...drafts, from })}
        timezone={timeZone}
        format={FORMAT}
        ampm={false}
        slotProps={{
          textField: {
            ...field,
            error: isUnfinished(drafts.from),
            helperText: isUnfinished(drafts.from) ? UNFINISHED : 'Included',
          },
          actionBar: { actions: ['clear', 'accept'] },
        }}
      />
      <DateTimePicker
        label="To"
        value={drafts.to}
        onChange={(to) => setDrafts((current) => ({ ...current, to }))}
        onAccept={(to) => commit({ ...drafts, to })}
        timezone={timeZone}
        format={FORMAT}
        ampm={false}
        slotProps={{
          textField: {
            ...field,
            error: backwards || isUnfinished(drafts.to),
            helperText: isUnfinished(drafts.to)
              ? UNFINISHED
              : backwards
                ? 'Must be after "From"'
                : 'Not included; empty means now',
          },
          actionBar: { actions: ['clear', 'accept'] },
        }}
      />
    </>
  );
}
