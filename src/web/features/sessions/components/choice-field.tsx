import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { formatNumber } from '../../../lib/locale.ts';
import { type SessionValueField, useSessionValueCounts } from '../api/use-session-value-counts.ts';

interface ChoiceFieldProps {
  label: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
  /** The filter whose stored values are counted beside each choice; none for yes/no filters. */
  counted?: { field: SessionValueField; websiteId?: string };
}

/** One choice of a few, each with its sessions of the last 30 days when the filter's values are counted. */
export function ChoiceField({ label, options, value, onChange, counted }: ChoiceFieldProps) {
  const sessions = useSessionValueCounts(counted?.field, '', { websiteId: counted?.websiteId });
  const group = (
    <RadioGroup aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
      {options.map((option, index) => {
        const count = sessions.get(option.value);
        // Focus starts on the choice made, or the first: arrows then move it and Enter applies.
        const focused = value === '' ? index === 0 : value === option.value;
        return (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={<Radio autoFocus={focused} />}
            label={
              count === undefined ? (
                option.label
              ) : (
                <>
                  {option.label}{' '}
                  <Box component="span" sx={{ color: 'text.secondary', typography: 'body2', ml: 1 }}>
                    {formatNumber(count)} sessions
                  </Box>
                </>
              )
            }
          />
        );
      })}
    </RadioGroup>
  );
  if (sessions.size === 0) return group;
  return (
    <Box>
      {group}
      <FormHelperText>Sessions in the last 30 days</FormHelperText>
    </Box>
  );
}
