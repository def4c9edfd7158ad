import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Delivery } from '../../../api/client/types.gen.ts';
import { formatNumber } from '../../lib/locale.ts';
import { DetailList } from '../data-display/detail-list.tsx';
import { IsoDateTime } from '../data-display/iso-date-time.tsx';

type Attempt = Delivery['attempt_history'][number];

function attemptDetails(attempt: Attempt) {
  return [
    { label: 'Time', value: <IsoDateTime iso={attempt.attempted_at} /> },
    { label: 'HTTP status', value: attempt.status_code ?? 'No response' },
    { label: 'Latency', value: `${formatNumber(attempt.duration_ms)} ms` },
    { label: 'Error', value: attempt.error ?? 'None' },
    { label: 'Next attempt', value: attempt.next_attempt_at ? <IsoDateTime iso={attempt.next_attempt_at} /> : 'None' },
  ];
}

/** Every attempt at one message, oldest first, as the server recorded it. */
export function DeliveryAttempts({ id, attempts }: { id: string; attempts: Delivery['attempt_history'] }) {
  if (attempts.length === 0) {
    return (
      <Typography id={id} variant="body2" color="text.secondary">
        No attempt yet.
      </Typography>
    );
  }
  return (
    <Box component="ol" id={id} aria-label="Attempts" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}>
      {attempts.map((attempt, index) => (
        <Box
          component="li"
          key={`${attempt.attempted_at}-${index}`}
          aria-label={`Attempt ${index + 1}`}
          sx={{ borderLeft: 3, borderColor: attempt.error ? 'error.main' : 'success.main', pl: 1.5 }}
        >
          <Typography variant="caption" component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
            Attempt {index + 1}
          </Typography>
          <DetailList details={attemptDetails(attempt)} />
        </Box>
      ))}
    </Box>
  );
}
