import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SessionEvent } from '../lib/replay-types.ts';
import { TIMELINE_CATEGORIES, type TimelineCategory, matchesTimelineFilter } from '../lib/timeline-events.ts';
import { TimelineRow } from './timeline-row.tsx';

export interface SessionTimelineProps {
  events: SessionEvent[];
  loading: boolean;
  sessionStartMs: number;
  /** The player's position on the events' clock; null without a replay. */
  currentTime: number | null;
  onSelect: (event: SessionEvent) => void;
}

/** Every recorded event in order, filtered by type and text; the one the player has reached is highlighted. */
export function SessionTimeline(props: SessionTimelineProps) {
  const [categories, setCategories] = useState<Set<TimelineCategory>>(new Set());
  const [search, setSearch] = useState('');
  const shown = useMemo(
    () => props.events.filter((event) => matchesTimelineFilter(event, categories, search)),
    [props.events, categories, search],
  );
  const currentId = useMemo(() => {
    if (props.currentTime === null) return null;
    let id: string | null = null;
    for (const event of shown) {
      if (event.time > props.currentTime) break;
      id = event.id;
    }
    return id;
  }, [shown, props.currentTime]);
  const listRef = useRef<HTMLUListElement | null>(null);
  useEffect(() => {
    if (!currentId) return;
    listRef.current?.querySelector('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [currentId]);

  const toggle = (category: TimelineCategory) =>
    setCategories((previous) => {
      const next = new Set(previous);
      if (next.has(category)) next.delete(category);
      else next.add(category);
      return next;
    });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Timeline"
      sx={{ display: 'flex', flexDirection: 'column', maxHeight: 720 }}
    >
      <Box sx={{ p: 1.5, pb: 1 }}>
        <Typography variant="h6" component="h2">
          Timeline
        </Typography>
        <TextField
          size="small"
          fullWidth
          label="Search events"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          sx={{ my: 1 }}
        />
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }} role="group" aria-label="Event types">
          {TIMELINE_CATEGORIES.map((category) => (
            <Chip
              key={category.value}
              size="small"
              label={category.label}
              aria-pressed={categories.has(category.value)}
              color={categories.has(category.value) ? 'primary' : 'default'}
              variant={categories.has(category.value) ? 'filled' : 'outlined'}
              onClick={() => toggle(category.value)}
            />
          ))}
        </Stack>
      </Box>
      {props.loading && <LinearProgress aria-label="Loading events" />}
      <List dense ref={listRef} sx={{ overflowY: 'auto', flex: 1 }} aria-label="Events">
        {shown.map((event) => (
          <TimelineRow
            key={event.id}
            event={event}
            sessionStartMs={props.sessionStartMs}
            current={event.id === currentId}
            onSelect={props.onSelect}
          />
        ))}
      </List>
      {!props.loading && shown.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {props.events.length === 0
            ? 'No event details are kept for this session; its counts were taken as it happened.'
            : 'No event matches these filters.'}
        </Typography>
      )}
    </Paper>
  );
}
