import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { formatNumber } from '../../../lib/locale.ts';

/**
 * Says that newer sessions arrived instead of moving the rows someone is reading; "Show" brings them in.
 * It floats over the top of the list (whose box must be positioned) rather than taking a line above it:
 * a notice that pushed the rows down would move them under a pointer about to click one.
 */
export function NewSessionsNotice({ count, onShow }: { count: number; onShow: () => void }) {
  if (count === 0) return null;
  return (
    <Alert
      severity="info"
      role="status"
      sx={{
        position: 'absolute',
        top: 8,
        left: '50%',
        transform: 'translateX(-50%)',
        zIndex: 3,
        alignItems: 'center',
        whiteSpace: 'nowrap',
        boxShadow: 4,
      }}
      action={
        <Button color="inherit" size="small" onClick={onShow}>
          Show
        </Button>
      }
    >
      {formatNumber(count)} new session{count === 1 ? '' : 's'}
    </Alert>
  );
}
