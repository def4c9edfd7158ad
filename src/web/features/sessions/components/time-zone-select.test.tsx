// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { TimeZoneSelect } from './time-zone-select.tsx';

afterEach(cleanup);

describe('TimeZoneSelect', () => {
  it('says the zone in the address is not a zone, and which one is used instead', () => {
    renderWithProviders(<TimeZoneSelect value="Europe/Paris" onChange={() => {}} />, {
      route: '/sessions?tz=Mars%2FBase&date_from=TODAY',
    });
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Paris');
    expect(screen.getByText('“Mars/Base” is not a time zone; showing Europe/Paris')).toBeInTheDocument();
  });

  it('says nothing more when the address has a real zone', () => {
    renderWithProviders(<TimeZoneSelect value="Europe/Paris" onChange={() => {}} />, {
      route: '/sessions?tz=Europe%2FParis',
    });
    expect(screen.queryByText(/is not a time zone/)).not.toBeInTheDocument();
  });

  it('finds a zone by its place written with a space, as people write it', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    renderWithProviders(<TimeZoneSelect value="Europe/Paris" onChange={onChange} />, { route: '/sessions' });
    const field = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(field);
    await user.type(field, 'new york');
    expect(await screen.findByRole('option', { name: 'America/New_York' })).toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('America/New_York');
  });
});
