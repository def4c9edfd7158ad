import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { PreviewAlertResponse } from '../../../../../api/client/types.gen.ts';
import { toApiError } from '../../../../lib/api-error.ts';
import { formatDateMinute, formatNumber } from '../../../../lib/locale.ts';
import { useDebouncedValue } from '../../../../lib/use-debounced-value.ts';
import { type AlertPreviewBody, useAlertPreviewQuery } from '../../api/use-alert-preview-query.ts';
import type { AlertFormInput } from '../../lib/alert-form-schema.ts';
import { alertPreviewBody } from '../../lib/alert-preview-body.ts';

/** Editing waits this long after the last change before asking the server. */
export const PREVIEW_DEBOUNCE_MS = 500;

const count = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

function PreviewSummary({ preview, threshold }: { preview: PreviewAlertResponse; threshold: boolean }) {
  if (preview.matches === 0) return <Typography variant="body2">No stored event matches this rule.</Typography>;
  const fired = threshold
    ? `${count(preview.matches, 'matching event', 'matching events')}, ${count(preview.fires, 'reached', 'reached')} the threshold`
    : count(preview.matches, 'matching event', 'matching events');
  return (
    <Typography variant="body2">
      {fired}. It would have sent {count(preview.messages, 'message', 'messages')}
      {preview.held_back > 0 ? `; flood control would have folded ${formatNumber(preview.held_back)} into them` : ''}.
    </Typography>
  );
}

/** A warning rather than an alert: the form still works without its preview. */
function PreviewError({ error }: { error: unknown }) {
  const apiError = toApiError(error);
  return (
    <Alert severity="warning" role="none">
      The preview could not be loaded: {apiError.message}
      {apiError.requestId ? ` (request id ${apiError.requestId})` : ''}
    </Alert>
  );
}

/**
 * How often the rule being edited would have fired over the last 7 days, from the stored events, and
 * how many messages its flood control would have sent.
 */
export function AlertPreview({ quietPeriodMinutes }: { quietPeriodMinutes?: number }) {
  const { control } = useFormContext<AlertFormInput>();
  const [events, provider, webhookId, thresholdOn, thresholdCount, thresholdWindow] = useWatch({
    control,
    name: ['events', 'provider', 'webhook_id', 'threshold_on', 'threshold_count', 'threshold_window_minutes'],
  });
  // A text key, so that equal rules are equal to the debounce and the query cache.
  const key = useMemo(() => {
    const body = alertPreviewBody(
      {
        events,
        provider,
        webhook_id: webhookId,
        threshold_on: thresholdOn,
        threshold_count: thresholdCount,
        threshold_window_minutes: thresholdWindow,
      },
      quietPeriodMinutes,
    );
    return body === null ? null : JSON.stringify(body);
  }, [events, provider, webhookId, thresholdOn, thresholdCount, thresholdWindow, quietPeriodMinutes]);
  const settled = useDebouncedValue(key, PREVIEW_DEBOUNCE_MS);
  const preview = useAlertPreviewQuery(settled === null ? null : (JSON.parse(settled) as AlertPreviewBody));
  const waiting = key !== settled || preview.isFetching;

  return (
    <Stack component="section" spacing={1} aria-label="Last 7 days">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Over the last 7 days
      </Typography>
      <div role="status" aria-live="polite" aria-busy={waiting}>
        {key === null ? (
          <Typography variant="body2" color="text.secondary">
            Complete the events above to see how often this alert would have fired.
          </Typography>
        ) : preview.isError ? (
          <PreviewError error={preview.error} />
        ) : preview.data ? (
          <Stack spacing={1} sx={{ opacity: waiting ? 0.6 : 1 }}>
            <PreviewSummary preview={preview.data} threshold={thresholdOn} />
            {preview.data.truncated ? (
              <Alert severity="info">
                Busy site: only the newest {formatNumber(preview.data.scanned_events)} events of these kinds were
                examined, from <time dateTime={preview.data.from}>{formatDateMinute(new Date(preview.data.from))}</time>
                .
              </Alert>
            ) : null}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Counting the stored events…
          </Typography>
        )}
      </div>
      {waiting && key !== null ? <LinearProgress aria-label="Updating the preview" /> : null}
    </Stack>
  );
}
