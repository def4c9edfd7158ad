import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { sessionPagePath } from '../../../lib/session-link.ts';
import { usePermissions } from '../../../lib/api/me-query.ts';
import { MIN_SEARCH_LENGTH, PEOPLE_LISTED, useVisitorSuggestionsQuery } from '../api/use-visitor-suggestions-query.ts';
import type { VisitorLookup } from '../lib/visitor-lookup.ts';
import { countSessions } from './visitor-suggestion-option.tsx';

/**
 * The people whose name, e-mail or visitor id starts with a text, or whose name holds its words in any order:
 * offered for a visitor id no visitor has (often a name typed into the search), and listed for a name searched;
 * `nobody` when none is found. A text that is a session's id opens that session.
 */
function PeopleNamed({ text, nobody = null }: { text: string; nobody?: ReactNode }) {
  const { can } = usePermissions();
  const people = useVisitorSuggestionsQuery(text, can('users.sessions:read'), PEOPLE_LISTED);
  const found = (people.data?.visitors ?? []).filter((person) => person.matched_by !== 'session');
  // The text is a session's id (pasted without its link, and sent on before the search said so): the session
  // is what it names.
  if (people.isSuccess && !people.isPlaceholderData && found.length < people.data.visitors.length) {
    return <Navigate replace to={sessionPagePath(text)} />;
  }
  if (people.isPending && people.fetchStatus === 'fetching') {
    return <Skeleton variant="rounded" height={120} sx={{ mt: 2, maxWidth: 720 }} aria-label="Finding people" />;
  }
  if (found.length === 0) return people.isSuccess && !people.isPlaceholderData ? nobody : null;
  return (
    <Paper variant="outlined" sx={{ mt: 2, maxWidth: 720 }}>
      <Typography variant="subtitle2" component="h2" sx={{ px: 2, pt: 1.5 }}>
        People matching “{text}”
      </Typography>
      <List dense aria-label="People found">
        {found.map((person) => (
          <ListItemButton
            key={person.id}
            component={Link}
            to={`/visitors?${new URLSearchParams({ visitor_id: person.id }).toString()}`}
          >
            <ListItemText
              primary={person.name || person.email || person.id}
              secondary={[person.name ? person.email : '', person.id, countSessions(person.session_count)]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
}

/** Nothing matched: say what was searched, the likely reasons, and the people the text may have meant. */
export function VisitorNotFound({ lookup }: { lookup: VisitorLookup }) {
  const what = lookup.email ? `the e-mail “${lookup.email}”` : `the visitor id “${lookup.visitorId}”`;
  const everywhere = new URLSearchParams({
    ...(lookup.email ? { email: lookup.email } : {}),
    ...(lookup.visitorId ? { visitor_id: lookup.visitorId } : {}),
  });
  return (
    <>
      <Alert
        severity="warning"
        action={
          lookup.websiteId ? (
            <Button component={Link} to={`/visitors?${everywhere.toString()}`} color="inherit" size="small">
              Search all websites
            </Button>
          ) : undefined
        }
      >
        <AlertTitle>No visitor found</AlertTitle>
        No sessions were recorded for {what}
        {lookup.websiteId ? ' on the selected website' : ''}. Check the spelling:{' '}
        {lookup.email
          ? 'the e-mail must match exactly, though upper and lower case do not matter.'
          : 'visitor ids must match exactly.'}
      </Alert>
      {lookup.visitorId && !lookup.email ? <PeopleNamed text={lookup.visitorId} /> : null}
    </>
  );
}

/**
 * Text searched from the app bar that is neither an e-mail nor a visitor id (a name, say): the people whose
 * name, e-mail or visitor id starts with it, or a plain "nobody" with how people are found.
 */
export function PeopleSearched({ text }: { text: string }) {
  if (text.length < MIN_SEARCH_LENGTH) {
    return <Alert severity="info">Type at least {MIN_SEARCH_LENGTH} letters to find people.</Alert>;
  }
  return (
    <PeopleNamed
      text={text}
      nobody={
        <Alert severity="warning">
          <AlertTitle>Nobody found</AlertTitle>
          No one&apos;s name, e-mail or visitor id matches “{text}”. Check the spelling, or type only the first letters
          of a name.
        </Alert>
      }
    />
  );
}
