import type { Delivery } from '../../api/client/types.gen.ts';

/** A webhook message that failed twice and is waiting for its third attempt. */
export const pendingDelivery: Delivery = {
  delivery_id: 'msg_pending',
  alert_id: 'alr_2',
  webhook_id: 'wh_1',
  chat_channel_id: null,
  event_name: 'Custom',
  test: false,
  status: 'pending',
  attempts: 2,
  created_at: '2025-03-05T10:00:00.000Z',
  delivered_at: null,
  next_attempt_at: '2025-03-05T10:05:00.000Z',
  last_error: 'The receiver answered 503',
  attempt_history: [
    {
      attempted_at: '2025-03-05T10:00:01.000Z',
      status_code: null,
      duration_ms: 10_000,
      error: 'Timed out after 10 s',
      next_attempt_at: '2025-03-05T10:01:00.000Z',
    },
    {
      attempted_at: '2025-03-05T10:01:00.000Z',
      status_code: 503,
      duration_ms: 87,
      error: 'The receiver answered 503',
      next_attempt_at: '2025-03-05T10:05:00.000Z',
    },
  ],
};

/** A test message delivered at the first attempt. */
export const deliveredTest: Delivery = {
  delivery_id: 'msg_test',
  alert_id: null,
  webhook_id: 'wh_1',
  chat_channel_id: null,
  event_name: 'Custom',
  test: true,
  status: 'delivered',
  attempts: 1,
  created_at: '2025-03-04T09:00:00.000Z',
  delivered_at: '2025-03-04T09:00:00.200Z',
  next_attempt_at: null,
  last_error: null,
  attempt_history: [
    {
      attempted_at: '2025-03-04T09:00:00.050Z',
      status_code: 200,
      duration_ms: 150,
      error: null,
      next_attempt_at: null,
    },
  ],
};

/** A message the server gave up on. */
export const failedDelivery: Delivery = {
  ...pendingDelivery,
  delivery_id: 'msg_failed',
  status: 'failed',
  attempts: 1,
  next_attempt_at: null,
  last_error: 'The receiver answered 410',
  attempt_history: [
    {
      attempted_at: '2025-03-03T08:00:00.000Z',
      status_code: 410,
      duration_ms: 42,
      error: 'The receiver answered 410',
      next_attempt_at: null,
    },
  ],
};
