import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import type { VisitorLookup } from '../lib/visitor-lookup.ts';

/** Nothing matched: say what was searched, and the likely reasons. */
export function VisitorNotFound({ lookup }: { lookup: VisitorLookup }) {
  const what = lookup.email ? `the e-mail “${lookup.email}”` : `the visitor id “${lookup.visitorId}”`;
  const everywhere = new URLSearchParams({
    ...(lookup.email ? { email: lookup.email } : {}),
    ...(lookup.visitorId ? { visitor_id: lookup.visitorId } : {}),
  });
  return (
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
  );
}
