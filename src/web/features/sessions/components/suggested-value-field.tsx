import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { CountedOption } from './counted-option.tsx';
import { type SessionValueField, useSessionValueCounts } from '../api/use-session-value-counts.ts';

interface SuggestedValueFieldProps {
  field: SessionValueField;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** With `field="visitor_param"`: suggest this parameter's values rather than parameters' names. */
  name?: string;
  websiteId?: string;
  placeholder?: string;
  helperText?: string;
  /** Offered while the account's own values are on their way, and kept after them. */
  fallback?: readonly string[];
  autoFocus?: boolean;
  /** Whether a value typed in another case becomes the stored value it matches (for exact filters). */
  exact?: boolean;
  /** False while there is nothing to ask for yet (a parameter's values before its name). */
  enabled?: boolean;
}

/**
 * A text field that suggests the values stored for a filter as one types, with their numbers of
 * sessions in the last 30 days. Any text can still be typed: a value not seen lately is a fair filter.
 */
export function SuggestedValueField({
  field,
  label,
  value,
  onChange,
  name,
  websiteId,
  placeholder,
  helperText,
  fallback = [],
  autoFocus,
  exact,
  enabled = true,
}: SuggestedValueFieldProps) {
  const sessions = useSessionValueCounts(field, value, { name, websiteId, enabled });
  const options = useMemo(
    () => [...sessions.keys(), ...fallback.filter((item) => !sessions.has(item))],
    [sessions, fallback],
  );
  // A name typed in another case is the stored name: "chrome" would otherwise match no session.
  const known = (text: string) =>
    exact ? (options.find((option) => option.toLowerCase() === text.trim().toLowerCase()) ?? text) : text;
  return (
    <Autocomplete
      freeSolo
      // Put there by a dialog, the field waits for a click, ↓ or typing: a list opened at once would
      // cover the dialog's own buttons before the person has asked for anything.
      openOnFocus={!autoFocus}
      options={options}
      // Half a dialog is narrow for a company or a URL: the list may be wider than its field.
      slotProps={{ popper: { sx: { minWidth: 320 }, placement: 'bottom-start' } }}
      inputValue={value}
      onInputChange={(_event, text) => onChange(known(text))}
      renderOption={({ key, ...props }, option) => (
        <CountedOption key={key} {...props} label={option} sessions={sessions.get(option)} />
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          helperText={helperText}
          autoFocus={autoFocus}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'off', spellCheck: false },
          }}
        />
      )}
    />
  );
}
