import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { CountedOption } from './counted-option.tsx';
import { useSessionValueCounts } from '../api/use-session-value-counts.ts';
import { findCountries, listCountries, namesExactly } from '../lib/countries.ts';

/** The most countries the account's own list shows before every other country. */
const OWN_COUNTRIES = 50;
const OWN_GROUP = 'Your visitors, last 30 days';
const OTHER_GROUP = 'All countries';
const EXACT_GROUP = 'Best match';

interface CountryFieldProps {
  value: string;
  onChange: (code: string) => void;
  websiteId?: string;
}

/**
 * Countries by name or code: those the account's sessions came from lately first, most sessions first with
 * their counts, then every other country by name.
 */
export function CountryField({ value, onChange, websiteId }: CountryFieldProps) {
  const sessions = useSessionValueCounts('country', '', { websiteId, limit: OWN_COUNTRIES });
  // What the person typed, so the country it names exactly leads under a heading of its own.
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const options = useMemo(() => {
    const countries = listCountries();
    const own = countries
      .filter((country) => sessions.has(country.code))
      .sort((a, b) => (sessions.get(b.code) ?? 0) - (sessions.get(a.code) ?? 0));
    return [...own, ...countries.filter((country) => !sessions.has(country.code))];
  }, [sessions]);
  const rank = (country: { code: string }) => (sessions.has(country.code) ? 0 : 1);
  // Text that names no country says so under the field rather than in a list over the dialog's buttons.
  // Whether any country matches does not depend on the order, so this looks once per text typed.
  const noMatch = useMemo(() => typed.trim() !== '' && findCountries(options, typed).length === 0, [options, typed]);
  return (
    <Autocomplete
      options={options}
      open={open && !noMatch}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      // Enter takes the first country listed: "de" Enter is Germany.
      autoHighlight
      onInputChange={(_event, text, reason) => setTyped(reason === 'input' ? text : '')}
      value={options.find((country) => country.code === value) ?? null}
      onChange={(_event, country) => onChange(country?.code ?? '')}
      getOptionLabel={(country) => country.name}
      // By name, or by code: "de" finds Germany first, and "uk" the United Kingdom.
      filterOptions={(countries, { inputValue }) => findCountries(countries, inputValue, rank)}
      isOptionEqualToValue={(option, selected) => option.code === selected.code}
      groupBy={
        sessions.size > 0 || typed !== ''
          ? (country) =>
              namesExactly(typed, country) ? EXACT_GROUP : sessions.has(country.code) ? OWN_GROUP : OTHER_GROUP
          : undefined
      }
      renderOption={({ key, ...props }, country) => (
        <CountedOption key={key} {...props} label={country.name} sessions={sessions.get(country.code)} />
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Country"
          autoFocus
          error={noMatch}
          helperText={noMatch ? `No country matches “${typed.trim()}”` : undefined}
        />
      )}
    />
  );
}
