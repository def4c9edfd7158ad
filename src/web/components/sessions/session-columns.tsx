import SmartDisplayOutlinedIcon from '@mui/icons-material/SmartDisplayOutlined';
import type { GridColDef } from '@mui/x-data-grid';
import type { Session } from '../../../api/client/types.gen.ts';
import { EngagementBar, LocationCell, ReferrerCell, SeenCell, TagsCell, VisitorCell } from './session-cells.tsx';
import { formatDuration, formatTimestamp } from './session-format.ts';
import { isSortableField } from './session-sort.ts';

const versioned = (name: string, version: string) => [name, version].filter(Boolean).join(' ');
const number = { type: 'number', width: 100 } as const;

/**
 * The list's columns; times are shown in `timeZone`. Only columns the server sorts by are sortable. Who, how
 * long, and the frustration signals come first and are narrow enough to fit a 1440 px screen beside the
 * navigation without scrolling sideways; the rest follow.
 */
export function buildSessionColumns(timeZone: string): GridColDef<Session>[] {
  const columns: GridColDef<Session>[] = [
    {
      field: 'creation_timestamp',
      headerName: 'Start time',
      description: `When the session started, in ${timeZone}`,
      width: 196,
      valueFormatter: (value: number) => formatTimestamp(value, timeZone),
    },
    {
      field: 'has_recording',
      headerName: 'Replay',
      description: 'A replay of the session is stored',
      width: 76,
      type: 'boolean',
      renderCell: ({ row }) =>
        row.has_recording ? (
          <SmartDisplayOutlinedIcon color="primary" titleAccess="Has a replay" sx={{ verticalAlign: 'middle' }} />
        ) : null,
    },
    { field: 'duration', headerName: 'Duration', width: 116, valueFormatter: (value: number) => formatDuration(value) },
    {
      field: 'visitor',
      headerName: 'Visitor',
      width: 192,
      valueGetter: (_value, row) => [row.visitor.name, row.visitor.email, row.visitor.id].filter(Boolean).join(' '),
      renderCell: ({ row }) => <VisitorCell visitor={row.visitor} />,
    },
    {
      field: 'errors',
      headerName: 'Errors',
      description: 'JavaScript errors and error-level console messages',
      ...number,
      valueGetter: (_value, row) => row.events_statistics.error_logs,
    },
    {
      field: 'rage_clicks',
      headerName: 'Rage clicks',
      ...number,
      width: 136,
      valueGetter: (_value, row) => row.events_statistics.rage_clicks,
    },
    {
      field: 'error_clicks',
      headerName: 'Error clicks',
      ...number,
      width: 136,
      valueGetter: (_value, row) => row.events_statistics.error_clicks,
    },
    {
      field: 'engagment_score',
      headerName: 'Engagement',
      description: 'Engagement score, 0 to 100',
      width: 140,
      renderCell: ({ row }) => <EngagementBar score={row.engagment_score} />,
    },
    {
      field: 'active_time',
      headerName: 'Active time',
      description: 'Time spent interacting with the page, long pauses left out',
      width: 136,
      valueFormatter: (value: number) => formatDuration(value),
    },
    {
      field: 'location',
      headerName: 'Location',
      width: 170,
      valueGetter: (_value, row) => `${row.visitor.geolocation.country_code} ${row.visitor.geolocation.city}`,
      renderCell: ({ row }) => <LocationCell geolocation={row.visitor.geolocation} />,
    },
    { field: 'device', headerName: 'Device', width: 100 },
    { field: 'os', headerName: 'OS', width: 140, valueGetter: (_value, row) => versioned(row.os.name, row.os.version) },
    {
      field: 'browser',
      headerName: 'Browser',
      width: 150,
      valueGetter: (_value, row) => versioned(row.browser.name, row.browser.version),
    },
    { field: 'pages', headerName: 'Pages', ...number, valueGetter: (_value, row) => row.page_views_statistics.count },
    { field: 'clicks', headerName: 'Clicks', ...number, valueGetter: (_value, row) => row.events_statistics.clicks },
    {
      field: 'referrer',
      headerName: 'Referrer & UTM',
      width: 220,
      renderCell: ({ row }) => <ReferrerCell session={row} />,
    },
    {
      field: 'tags',
      headerName: 'Tags',
      width: 200,
      valueGetter: (_value, row) => row.tags.join(', '),
      renderCell: ({ row }) => <TagsCell tags={row.tags} />,
    },
    { field: 'seen', headerName: 'Seen', width: 90, renderCell: ({ row }) => <SeenCell seen={row.seen} /> },
  ];
  return columns.map((column) => ({ ...column, sortable: isSortableField(column.field) }));
}
