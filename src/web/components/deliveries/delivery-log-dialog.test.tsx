// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Delivery } from '../../../api/client/types.gen.ts';
import { deliveredTest, pendingDelivery } from '../../test/delivery-fixtures.ts';
import { DeliveryLogDialog } from './delivery-log-dialog.tsx';
import type { RedeliverControl } from './delivery-item.tsx';

function loaded(data: Delivery[]) {
  return { data, error: null, isPending: false, isError: false } as const;
}

function renderLog(data: Delivery[], redeliver?: RedeliverControl) {
  render(
    <MemoryRouter>
      <DeliveryLogDialog
        title="Deliveries of “Sign-ups”"
        deliveries={loaded(data)}
        redeliver={redeliver}
        onClose={() => undefined}
      />
    </MemoryRouter>,
  );
  return {
    user: userEvent.setup({ delay: null }),
    dialog: screen.getByRole('dialog', { name: 'Deliveries of “Sign-ups”' }),
  };
}

describe('DeliveryLogDialog', () => {
  it('lists messages newest first with their status, times, attempts and last error', () => {
    const { dialog } = renderLog([pendingDelivery, deliveredTest]);
    const [first, second] = within(dialog).getAllByRole('listitem');

    expect(first).toHaveAccessibleName('Custom msg_pending');
    expect(first).toHaveTextContent('Pending');
    expect(
      within(first as HTMLElement)
        .getByText('Next attempt')
        .nextElementSibling?.querySelector('time'),
    ).toHaveAttribute('dateTime', '2025-03-05T10:05:00.000Z');
    expect(within(first as HTMLElement).getByText('Attempts').nextElementSibling).toHaveTextContent('2');
    expect(first).toHaveTextContent('Last error: The receiver answered 503');

    expect(second).toHaveAccessibleName('Test message (Custom) msg_test');
    expect(second).toHaveTextContent('Delivered');
    expect(within(second as HTMLElement).getByText('Delivered', { selector: 'dt' })).toBeInTheDocument();
    expect(second).not.toHaveTextContent('Last error');
  });

  it('shows each attempt on demand: time, HTTP status, latency, error and next attempt', async () => {
    const { dialog, user } = renderLog([pendingDelivery]);
    const message = within(dialog).getByRole('listitem', { name: /msg_pending/ });
    const toggle = within(message).getByRole('button', { name: 'Attempt history (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(message).queryByRole('list', { name: 'Attempts' })).not.toBeInTheDocument();

    await user.click(toggle);

    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const attempts = within(message).getByRole('list', { name: 'Attempts' });
    const first = within(attempts).getByRole('listitem', { name: 'Attempt 1' });
    expect(within(first).getByText('HTTP status').nextElementSibling).toHaveTextContent('No response');
    expect(within(first).getByText('Latency').nextElementSibling).toHaveTextContent(/^10\D?000 ms$/);
    expect(within(first).getByText('Error').nextElementSibling).toHaveTextContent('Timed out after 10 s');
    const second = within(attempts).getByRole('listitem', { name: 'Attempt 2' });
    expect(within(second).getByText('HTTP status').nextElementSibling).toHaveTextContent('503');
    expect(within(second).getByText('Latency').nextElementSibling).toHaveTextContent('87 ms');
    expect(within(second).getByText('Next attempt').nextElementSibling?.querySelector('time')).toHaveAttribute(
      'dateTime',
      '2025-03-05T10:05:00.000Z',
    );
  });

  it('offers Redeliver per message only when given the means to', async () => {
    const onRedeliver = vi.fn();
    const { dialog, user } = renderLog([pendingDelivery, deliveredTest], {
      onRedeliver,
      pendingId: undefined,
      error: null,
    });
    const message = within(dialog).getByRole('listitem', { name: /msg_test/ });
    await user.click(within(message).getByRole('button', { name: 'Redeliver' }));
    expect(onRedeliver).toHaveBeenCalledWith('msg_test');
  });

  it('has no Redeliver button for read-only people', () => {
    const { dialog } = renderLog([pendingDelivery]);
    expect(within(dialog).queryByRole('button', { name: 'Redeliver' })).not.toBeInTheDocument();
  });

  it('says there is nothing yet and suggests a test', () => {
    const { dialog } = renderLog([]);
    expect(dialog).toHaveTextContent('No deliveries yet — send a test');
  });

  it("links a match's message to its session at the event's moment, and a test message to none", () => {
    const matched: Delivery = {
      ...pendingDelivery,
      session_id: 'ses_9',
      session_url: 'https://analytics.example.com/sessions/ses_9?t=58',
    };
    const { dialog } = renderLog([matched, { ...deliveredTest, session_id: null, session_url: null }]);
    const [first, second] = within(dialog).getAllByRole('listitem');
    expect(within(first as HTMLElement).getByRole('link', { name: 'Session at this moment' })).toHaveAttribute(
      'href',
      '/sessions/ses_9?t=58',
    );
    expect(
      within(second as HTMLElement).queryByRole('link', { name: 'Session at this moment' }),
    ).not.toBeInTheDocument();
  });
});
