/** The preview request of the rule being edited, or null while the rule is not complete. */
import type { PreviewAlertData } from '../../../../api/client/types.gen.ts';
import type { AlertFormInput } from './alert-form-schema.ts';
import { eventValueError } from './alert-rules.ts';
import { thresholdErrors, thresholdOf } from './alert-threshold.ts';

export function alertPreviewBody(
  values: Pick<
    AlertFormInput,
    'events' | 'provider' | 'webhook_id' | 'threshold_on' | 'threshold_count' | 'threshold_window_minutes'
  >,
  quietPeriodMinutes: number | undefined,
): PreviewAlertData['body'] | null {
  if (values.events.length === 0) return null;
  if (values.events.some((event) => eventValueError(event.kind, event.value) !== undefined)) return null;
  if (Object.keys(thresholdErrors(values)).length > 0) return null;
  // A webhook alert fires only for its webhook's website; a chat alert for every website.
  const webhookId = values.provider === 'webhooks' && values.webhook_id !== '' ? values.webhook_id : null;
  return {
    events: values.events.map((event) => ({ kind: event.kind, value: event.value })),
    webhook_id: webhookId,
    ...(quietPeriodMinutes === undefined ? {} : { quiet_period_minutes: quietPeriodMinutes }),
    ...thresholdOf(values),
  };
}
