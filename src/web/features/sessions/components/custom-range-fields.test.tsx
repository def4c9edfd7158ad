// @vitest-environment jsdom
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CustomRangeFields } from './custom-range-fields.tsx';
import { APP_LOCALE } from '../../../lib/locale.ts';

afterEach(cleanup);

function renderFields() {
  const onCommit = vi.fn();
  render(
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={APP_LOCALE}>
      <CustomRangeFields dateFrom="" dateTo="" timeZone="Europe/Paris" onCommit={onCommit} />
    </LocalizationProvider>,
  );
  return onCommit;
}

async function typeInto(label: string, keys: string) {
  const user = userEvent.setup();
  const group = screen.getByRole('group', { name: label });
  const [first] = Array.from(group.querySelectorAll<HTMLElement>('[role="spinbutton"]'));
  await user.click(first!);
  await user.keyboard(keys);
  return user;
}

describe('CustomRangeFields', () => {
  it.each(['16/11/2026 12:00', '16112026 1200'])('takes "%s" typed as 16 Nov 2026, 12:00', async (typed) => {
    const onCommit = renderFields();
    const user = await typeInto('From', typed);
    await user.keyboard('{Enter}');
    // Never a half-typed time (such as 01:00 from the first digit of "12"), only what was typed.
    expect(onCommit.mock.calls).not.toHaveLength(0);
    for (const [range] of onCommit.mock.calls) expect(range).toEqual({ dateFrom: '2026-11-16T12:00:00', dateTo: '' });
  });

  it('writes the month by name, so no one reads the day as the month', async () => {
    render(
      <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={APP_LOCALE}>
        <CustomRangeFields
          dateFrom="2026-11-03T00:00:00"
          dateTo="2026-11-05T00:00:00"
          timeZone="America/New_York"
          onCommit={vi.fn()}
        />
      </LocalizationProvider>,
    );
    const shown = (label: string) =>
      (screen.getByRole('group', { name: label }).textContent ?? '').replace(/[\u2066-\u2069\u200e\u200f]/g, '');
    expect(shown('From')).toContain('03 Nov 2026 00:00');
    expect(shown('To')).toContain('05 Nov 2026 00:00');
  });

  it('takes the month typed by its first letters', async () => {
    const onCommit = renderFields();
    const user = await typeInto('From', '16nov2026 1200');
    await user.keyboard('{Enter}');
    expect(onCommit).toHaveBeenLastCalledWith({ dateFrom: '2026-11-16T12:00:00', dateTo: '' });
  });

  it('sends nothing while someone pauses in the middle of typing the hour', async () => {
    const onCommit = renderFields();
    const user = await typeInto('From', '161120261');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(onCommit).not.toHaveBeenCalled();
    await user.keyboard('200{Enter}');
    expect(onCommit).toHaveBeenLastCalledWith({ dateFrom: '2026-11-16T12:00:00', dateTo: '' });
    for (const [range] of onCommit.mock.calls) expect(range).toEqual({ dateFrom: '2026-11-16T12:00:00', dateTo: '' });
  });

  it('refuses a date that does not exist visibly and sends nothing', async () => {
    const onCommit = renderFields();
    const user = await typeInto('From', '31022026 1200');
    await user.tab();
    expect(screen.getByText('Not a full date and time: day, month, year, hh:mm')).toBeInTheDocument();
    expect(onCommit).not.toHaveBeenCalled();
  });
});
