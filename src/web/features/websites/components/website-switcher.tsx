import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useChosenWebsite } from '../lib/use-chosen-website.ts';

/** Chooses the website the app looks at; the choice lives in the URL (`website_id`), so links keep it. */
export function WebsiteSwitcher() {
  const { websites, chosenId, choose } = useChosenWebsite();
  return (
    <TextField
      select
      size="small"
      value={chosenId}
      onChange={(event) => choose(event.target.value)}
      sx={{ minWidth: 160, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
      // No floating label on the coloured app bar (it would lack contrast); the control is named for screen readers.
      slotProps={{ select: { displayEmpty: true, SelectDisplayProps: { 'aria-label': 'Website' } as object } }}
    >
      <MenuItem value="">All websites</MenuItem>
      {websites.map((website) => (
        <MenuItem key={website.website_id} value={website.website_id}>
          {website.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
