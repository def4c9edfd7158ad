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
    expect(screen.getByText('Not a full date and time: dd/mm/yyyy hh:mm')).toBeInTheDocument();
    expect(onCommit).not.toHaveBeenCalled();
  });
});
