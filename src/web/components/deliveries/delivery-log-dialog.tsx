import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Delivery } from '../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../feedback/api-error-alert.tsx';
import { DeliveryItem, type RedeliverControl } from './delivery-item.tsx';

interface DeliveryLogDialogProps {
  title: string;
  /** The delivery log query, polled by the caller while the dialog is open. */
  deliveries: Pick<UseQueryResult<Delivery[], unknown>, 'data' | 'error' | 'isPending' | 'isError'>;
  redeliver?: RedeliverControl;
  /** Extra buttons beside Close, such as "Send test". */
  actions?: ReactNode;
  onClose: () => void;
}

/** The messages sent to one target, newest first, each with its attempts; full screen on phones. */
export function DeliveryLogDialog({ title, deliveries, redeliver, actions, onClose }: DeliveryLogDialogProps) {
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const { data } = deliveries;
  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby="delivery-log-title">
      <DialogTitle id="delivery-log-title" sx={{ overflowWrap: 'anywhere' }}>
        {title}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
        <Typography variant="body2" color="text.secondary">
          Newest first; updates every few seconds while open.
        </Typography>
        {deliveries.isPending ? <LinearProgress aria-label="Loading deliveries" /> : null}
        {deliveries.isError ? (
          <ApiErrorAlert error={deliveries.error} title="The delivery log could not be loaded" />
        ) : null}
        {redeliver?.error ? (
          <ApiErrorAlert error={redeliver.error} title="The message could not be sent again" />
        ) : null}
        {data?.length === 0 ? (
          <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
            <Typography>No deliveries yet — send a test</Typography>
          </Paper>
        ) : null}
        {data && data.length > 0 ? (
          <Stack component="ul" aria-label="Messages" sx={{ gap: 1.5, listStyle: 'none', p: 0, m: 0 }}>
            {data.map((delivery) => (
              <DeliveryItem key={delivery.delivery_id} delivery={delivery} redeliver={redeliver} />
            ))}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {actions}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
