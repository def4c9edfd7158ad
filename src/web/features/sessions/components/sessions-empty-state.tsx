import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { hasDateFilter, type SessionsView } from '../lib/sessions-search-params.ts';
import { FirstRunEmptyState } from './first-run-empty-state.tsx';

/**
 * Says why the list is empty. With no filter but the website, nothing was recorded yet: how to install the
 * tracker. Otherwise the likeliest way out: a wider date range.
 */
export function SessionsEmptyState({ view, onWiden }: { view: SessionsView; onWiden: () => void }) {
  const dated = hasDateFilter(view);
  const chips = Object.keys(view.filters).length > 0;
  if (!dated && !chips && !view.email && !view.visitorId) return <FirstRunEmptyState websiteId={view.websiteId} />;
  return (
    <Box sx={{ maxWidth: 420 }}>
      <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
        No sessions match these filters
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {dated ? 'Try a wider date range' : 'Try removing a filter'}
        {view.email ? ', and check the e-mail: it must match exactly (case does not matter)' : ''}.
      </Typography>
      {dated ? (
        <Button variant="outlined" size="small" onClick={onWiden}>
          Show all time
        </Button>
      ) : null}
    </Box>
  );
}
