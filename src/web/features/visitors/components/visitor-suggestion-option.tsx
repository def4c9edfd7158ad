import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { HTMLAttributes } from 'react';
import { formatNumber } from '../../../lib/locale.ts';
import type { VisitorSuggestion } from '../api/use-visitor-suggestions-query.ts';

/** "1 session", "1,204 sessions". */
export const countSessions = (sessions: number) => `${formatNumber(sessions)} session${sessions === 1 ? '' : 's'}`;

/**
 * One suggested person: name (or e-mail, or id), what else is known of them, and how many sessions they have;
 * for a session's id or link, the session of that person.
 */
export function VisitorSuggestionOption({
  visitor,
  ...props
}: HTMLAttributes<HTMLLIElement> & { visitor: VisitorSuggestion }) {
  const person = visitor.name || visitor.email || visitor.id;
  // The text named a session: the suggestion opens it, so it says so.
  const title = visitor.matched_by === 'session' ? `Session of ${person}` : person;
  const details = [visitor.name ? visitor.email : '', visitor.id === person ? '' : visitor.id].filter(Boolean);
  return (
    <Box component="li" {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'baseline' }}>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {details.length > 0 ? (
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {details.join(' · ')}
          </Typography>
        ) : null}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {countSessions(visitor.session_count)}
      </Typography>
    </Box>
  );
}
