import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type DetailItem = [label: string, value: ReactNode];

const EMPTY = '—';

/** Label/value pairs as a description list; empty values show a dash rather than nothing. */
export function DetailList({ items }: { items: DetailItem[] }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '170px minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: { xs: 0, sm: 0.5 },
        '& dt': { color: 'text.secondary', typography: 'body2', mt: { xs: 1, sm: 0 } },
        '& dd': { m: 0, typography: 'body2', overflowWrap: 'anywhere' },
      }}
    >
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <dt>{label}</dt>
          <dd>{value === '' || value === null || value === undefined ? EMPTY : value}</dd>
        </Box>
      ))}
    </Box>
  );
}

/** A titled group of label/value pairs. */
export function DetailSection({
  title,
  headingLevel,
  items,
}: {
  title: string;
  headingLevel: 2 | 3;
  items: DetailItem[];
}) {
  return (
    <Box component="section" sx={{ mb: 2.5 }}>
      <Typography variant="subtitle1" component={`h${headingLevel}`} sx={{ fontWeight: 600, mb: 0.5 }}>
        {title}
      </Typography>
      <DetailList items={items} />
    </Box>
  );
}
