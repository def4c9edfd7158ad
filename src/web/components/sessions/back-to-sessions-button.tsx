import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { Link } from 'react-router';
import { useLastSessionsSearch } from './use-last-sessions-search.ts';

/** Back to the sessions list as it was left: its filters, sort and page, like the navigation's link. */
export function BackToSessionsButton() {
  const search = useLastSessionsSearch();
  return (
    <Button component={Link} to={`/sessions${search}`} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
      Back to sessions
    </Button>
  );
}
