import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useMemo, useRef } from 'react';
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
 * The suggestion that typed text stands for in an exact filter, when the text is not a value itself: the
 * first that starts with it, else the only one that contains it; null when there is none.
 */
function completionOf(text: string, options: readonly string[]): string | null {
  const typed = text.trim().toLowerCase();
  if (typed === '' || options.some((option) => option.toLowerCase() === typed)) return null;
  const starting = options.find((option) => option.toLowerCase().startsWith(typed));
  if (starting !== undefined) return starting;
  const containing = options.filter((option) => option.toLowerCase().includes(typed));
  return containing.length === 1 ? (containing[0] as string) : null;
}

/**
 * A text field that suggests the values stored for a filter as one types, with their numbers of
 * sessions in the last 30 days. Any text can still be typed: a value not seen lately is a fair filter.
 * In an exact filter, Enter on text that is only part of a suggestion ("Fire") first completes it
 * ("Firefox"), since the part alone would match no session; the next Enter applies it.
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
  // A suggestion the person moved to with the keyboard or mouse: Enter takes that one, as usual.
  const chosenByHand = useRef(false);
  const complete = (event: KeyboardEvent<HTMLDivElement> & { defaultMuiPrevented?: boolean }) => {
    if (!exact || event.key !== 'Enter' || chosenByHand.current) return;
    const completion = completionOf(value, options);
    if (completion === null) return;
    event.preventDefault();
    event.defaultMuiPrevented = true;
    onChange(completion);
  };
  return (
    <Autocomplete
      freeSolo
      onKeyDown={complete}
      onHighlightChange={(_event, option, reason) => {
        chosenByHand.current = option !== null && (reason === 'keyboard' || reason === 'mouse');
      }}
      // Put there by a dialog, the field waits for a click, ↓ or typing: a list opened at once would
      // cover the dialog's own buttons before the person has asked for anything.
      openOnFocus={!autoFocus}
      options={options}
      // Half a dialog is narrow for a company or a URL: the list may be wider than its field.
      slotProps={{ popper: { sx: { minWidth: 320 }, placement: 'bottom-start' } }}
      inputValue={value}
      onInputChange={(_event, text) => {
        chosenByHand.current = false;
        onChange(known(text));
      }}
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
