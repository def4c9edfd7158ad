import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useSearchParams } from 'react-router';
import { useWebsitesQuery } from '../../../lib/api/websites-query.ts';

export const WEBSITE_PARAM = 'website_id';

/** Chooses the website the app looks at; the choice lives in the URL (`website_id`), so links keep it. */
export function WebsiteSwitcher() {
  const websites = useWebsitesQuery();
  const [params, setParams] = useSearchParams();
  const value = params.get(WEBSITE_PARAM) ?? '';
  return (
    <TextField
      select
      size="small"
      value={websites.data?.some((website) => website.website_id === value) ? value : ''}
      onChange={(event) => {
        const next = new URLSearchParams(params);
        if (event.target.value) next.set(WEBSITE_PARAM, event.target.value);
        else next.delete(WEBSITE_PARAM);
        next.delete('page');
        setParams(next);
      }}
      sx={{ minWidth: 160, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
      // No floating label on the coloured app bar (it would lack contrast); the control is named for screen readers.
      slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'aria-label': 'Website' } as object } }}
    >
      <MenuItem value="">All websites</MenuItem>
      {(websites.data ?? []).map((website) => (
        <MenuItem key={website.website_id} value={website.website_id}>
          {website.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
