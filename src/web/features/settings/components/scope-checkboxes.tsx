import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { SCOPE_DESCRIPTIONS, SCOPES, type Scope } from '../lib/token-scopes.ts';

interface ScopeCheckboxesProps {
  value: readonly Scope[];
  onChange: (scopes: Scope[]) => void;
  error?: string;
}

/** One checkbox per scope, each with what it allows, so people grant only what a program needs. */
export function ScopeCheckboxes({ value, onChange, error }: ScopeCheckboxesProps) {
  const toggle = (scope: Scope, checked: boolean) => {
    const next = new Set(value);
    if (checked) next.add(scope);
    else next.delete(scope);
    onChange(SCOPES.filter((known) => next.has(known)));
  };
  return (
    <FormControl component="fieldset" error={Boolean(error)} required>
      <FormLabel component="legend">Scopes</FormLabel>
      <FormGroup>
        {SCOPES.map((scope) => (
          <FormControlLabel
            key={scope}
            sx={{ alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 }, mt: 0.5 }}
            control={
              <Checkbox checked={value.includes(scope)} onChange={(event) => toggle(scope, event.target.checked)} />
            }
            label={
              <Box sx={{ pt: 0.75 }}>
                <Box component="code" sx={{ fontFamily: 'monospace' }}>
                  {scope}
                </Box>
                <Box component="span" sx={{ display: 'block', typography: 'body2', color: 'text.secondary' }}>
                  {SCOPE_DESCRIPTIONS[scope]}
                </Box>
              </Box>
            }
          />
        ))}
      </FormGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
