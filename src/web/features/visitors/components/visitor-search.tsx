import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { parseVisitorQuery } from '../lib/parse-visitor-query.ts';

/** The app bar's search: an e-mail, a visitor id or a session link opens that visitor or session. */
export function VisitorSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const target = parseVisitorQuery(text);
        if (target) navigate(target);
      }}
    >
      <TextField
        size="small"
        placeholder="E-mail, visitor id or session link"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': 'Find a visitor by e-mail, visitor id or session link' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ width: { xs: '100%', sm: 320 }, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
      />
    </form>
  );
}
