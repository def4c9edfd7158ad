import type { ListViewsResponse } from '../../../../api/client/types.gen.ts';

/** A colleague's shared view and one of the person's own, private, as GET /v1/views lists them. */
export const SAMPLE_VIEWS: ListViewsResponse['views'] = [
  {
    id: 'view_team',
    name: 'Rage on checkout',
    query: { has_rage_clicks: 'true', url: '/checkout' },
    shared: true,
    mine: false,
    editable: false,
    created_at: 1,
    updated_at: 1,
  },
  {
    id: 'view_mine',
    name: 'Long German sessions',
    query: { country: 'DE', sort: '-duration' },
    shared: false,
    mine: true,
    editable: true,
    created_at: 2,
    updated_at: 2,
  },
];
