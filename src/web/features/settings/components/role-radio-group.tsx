import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { ROLE_DESCRIPTIONS, ROLES, type Role } from '../lib/roles.ts';

interface RoleRadioGroupProps {
  value: Role;
  onChange: (role: Role) => void;
  error?: string;
}

/** The roles side by side with what each may do, so the choice is made knowingly. */
export function RoleRadioGroup({ value, onChange, error }: RoleRadioGroupProps) {
  return (
    <FormControl component="fieldset" error={Boolean(error)} required>
      <FormLabel component="legend">Role</FormLabel>
      <RadioGroup name="role" value={value} onChange={(event) => onChange(event.target.value as Role)}>
        {ROLES.map((role) => (
          <FormControlLabel
            key={role}
            value={role}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 }, mt: 0.5 }}
            label={
              <Box sx={{ pt: 0.75 }}>
                {ROLE_DESCRIPTIONS[role].label}
                <Box component="span" sx={{ display: 'block', typography: 'body2', color: 'text.secondary' }}>
                  {ROLE_DESCRIPTIONS[role].description}
                </Box>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {error ? <FormHelperText>{error}</FormHelperText> : null}
    </FormControl>
  );
}
