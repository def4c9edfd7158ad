import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** Says that newer sessions arrived instead of moving the rows someone is reading; "Show" brings them in. */
export function NewSessionsNotice({ count, onShow }: { count: number; onShow: () => void }) {
  if (count === 0) return null;
  return (
    <Alert
      severity="info"
      role="status"
      sx={{ mb: 1, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" onClick={onShow}>
          Show
        </Button>
      }
    >
      {count.toLocaleString('en-GB')} new session{count === 1 ? '' : 's'}
    </Alert>
  );
}
