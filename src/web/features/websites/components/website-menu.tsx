import CheckIcon from '@mui/icons-material/Check';
import LanguageIcon from '@mui/icons-material/Language';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useChosenWebsite } from '../lib/use-chosen-website.ts';

const MENU_ID = 'website-menu';

/** The website switcher folded into an icon, for a phone's app bar: its label says which website is shown. */
export function WebsiteMenu() {
  const { websites, chosenId, chosenName, choose } = useChosenWebsite();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const options = [{ website_id: '', name: 'All websites' }, ...websites];
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={`Website: ${chosenName ?? 'All websites'}`}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-controls={anchor ? MENU_ID : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <LanguageIcon />
      </IconButton>
      <Menu id={MENU_ID} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {options.map((website) => {
          const selected = website.website_id === chosenId;
          return (
            <MenuItem
              key={website.website_id}
              selected={selected}
              aria-current={selected ? 'true' : undefined}
              onClick={() => {
                setAnchor(null);
                choose(website.website_id);
              }}
            >
              <ListItemIcon>{selected ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{website.name}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}
