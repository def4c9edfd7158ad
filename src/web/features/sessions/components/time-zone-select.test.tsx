// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
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
});
