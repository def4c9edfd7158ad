import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ReplayIcon from '@mui/icons-material/Replay';
import SmartDisplayOutlinedIcon from '@mui/icons-material/SmartDisplayOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Delivery } from '../../../api/client/types.gen.ts';
import { sessionRouteOf } from '../../lib/session-link.ts';
import { DetailList } from '../data-display/detail-list.tsx';
import { IsoDateTime } from '../data-display/iso-date-time.tsx';
import { DeliveryAttempts } from './delivery-attempts.tsx';
import { DeliveryStatusChip } from './delivery-status-chip.tsx';

/** What a delivery log needs to offer "Redeliver"; left out for people who may not send messages again. */
export interface RedeliverControl {
  onRedeliver: (deliveryId: string) => void;
  /** The message being sent again right now, if any. */
  pendingId: string | undefined;
  error: unknown;
}

function messageDetails(delivery: Delivery) {
  return [
    { label: 'Created', value: <IsoDateTime iso={delivery.created_at} /> },
    ...(delivery.delivered_at ? [{ label: 'Delivered', value: <IsoDateTime iso={delivery.delivered_at} /> }] : []),
    ...(delivery.next_attempt_at
      ? [{ label: 'Next attempt', value: <IsoDateTime iso={delivery.next_attempt_at} /> }]
      : []),
    { label: 'Attempts', value: delivery.attempts },
  ];
}

/** One message of a delivery log, with its attempts one click away. */
export function DeliveryItem({ delivery, redeliver }: { delivery: Delivery; redeliver?: RedeliverControl }) {
  const [expanded, setExpanded] = useState(false);
  const baseId = `delivery-${delivery.delivery_id}`;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-labelledby={`${baseId}-title ${baseId}-id`}
      sx={{ p: 1.5, display: 'grid', gap: 1 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <DeliveryStatusChip status={delivery.status} />
        <Typography id={`${baseId}-title`} variant="subtitle2" component="h3">
          {delivery.test ? `Test message (${delivery.event_name})` : delivery.event_name}
        </Typography>
        <Box
          component="code"
          id={`${baseId}-id`}
          sx={{ fontFamily: 'monospace', fontSize: '0.8rem', color: 'text.secondary', overflowWrap: 'anywhere' }}
        >
          {delivery.delivery_id}
        </Box>
      </Stack>
      <DetailList details={messageDetails(delivery)} />
      {delivery.last_error ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            Last error:
          </Box>{' '}
          {delivery.last_error}
        </Typography>
      ) : null}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'space-between' }}>
        <Button
          size="small"
          aria-expanded={expanded}
          aria-controls={expanded ? `${baseId}-attempts` : undefined}
          endIcon={expanded ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          onClick={() => setExpanded(!expanded)}
        >
          Attempt history ({delivery.attempt_history.length})
        </Button>
        {delivery.session_url ? (
          <Button
            size="small"
            component={Link}
            to={sessionRouteOf(delivery.session_url)}
            startIcon={<SmartDisplayOutlinedIcon />}
          >
            Session at this moment
          </Button>
        ) : null}
        {redeliver ? (
          <Button
            size="small"
            startIcon={<ReplayIcon />}
            loading={redeliver.pendingId === delivery.delivery_id}
            onClick={() => redeliver.onRedeliver(delivery.delivery_id)}
          >
            Redeliver
          </Button>
        ) : null}
      </Stack>
      {expanded ? <DeliveryAttempts id={`${baseId}-attempts`} attempts={delivery.attempt_history} /> : null}
    </Paper>
  );
}
