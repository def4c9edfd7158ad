import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type SessionsView, unreadParams } from '../lib/sessions-search-params.ts';

/** Control characters (a NUL, say) as the symbols that stand for them, so a part shows what it holds. */
const visible = (part: string) =>
  [...part]
    .map((char) => (char.charCodeAt(0) < 0x20 ? String.fromCharCode(0x2400 + char.charCodeAt(0)) : char))
    .join('');

/**
 * Says which parts of the address the list left out (a hand-edited or outdated link) and why, rather than
 * showing every session as if they had been applied; "Remove them" takes them out of the address.
 */
export function UnreadLinkNotice({ view, onRemove }: { view: SessionsView; onRemove: () => void }) {
  const [params] = useSearchParams();
  const unread = useMemo(() => unreadParams(params, view), [params, view]);
  if (unread.length === 0) return null;
  return (
    <Alert
      severity="warning"
      sx={{ mb: 1, alignItems: 'center', overflowWrap: 'anywhere' }}
      action={
        <Button color="inherit" size="small" onClick={onRemove} sx={{ whiteSpace: 'nowrap' }}>
          Remove them
        </Button>
      }
    >
      This link has {unread.length === 1 ? 'a part' : 'parts'} the list cannot read, left out:{' '}
      {unread.map(({ part, reason }, index) => (
        <span key={`${part} ${reason}`}>
          {index > 0 ? ', ' : ''}
          <code>{visible(part)}</code> ({reason})
        </span>
      ))}
      .
    </Alert>
  );
}
