import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { CountedOption } from './counted-option.tsx';
import { useSessionValueCounts } from '../api/use-session-value-counts.ts';
import { findCountries, listCountries } from '../lib/countries.ts';

/** The most countries the account's own list shows before every other country. */
const OWN_COUNTRIES = 50;
const OWN_GROUP = 'Your visitors, last 30 days';
const OTHER_GROUP = 'All countries';

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
  const options = useMemo(() => {
    const countries = listCountries();
    const own = countries
      .filter((country) => sessions.has(country.code))
      .sort((a, b) => (sessions.get(b.code) ?? 0) - (sessions.get(a.code) ?? 0));
    return [...own, ...countries.filter((country) => !sessions.has(country.code))];
  }, [sessions]);
  return (
    <Autocomplete
      options={options}
      value={options.find((country) => country.code === value) ?? null}
      onChange={(_event, country) => onChange(country?.code ?? '')}
      getOptionLabel={(country) => country.name}
      // By name, or by code: "de" finds Germany first, and "uk" the United Kingdom.
      filterOptions={(countries, { inputValue }) =>
        findCountries(countries, inputValue, (country) => (sessions.has(country.code) ? 0 : 1))
      }
      isOptionEqualToValue={(option, selected) => option.code === selected.code}
      groupBy={sessions.size > 0 ? (country) => (sessions.has(country.code) ? OWN_GROUP : OTHER_GROUP) : undefined}
      renderOption={({ key, ...props }, country) => (
        <CountedOption key={key} {...props} label={country.name} sessions={sessions.get(country.code)} />
      )}
      renderInput={(params) => <TextField {...params} label="Country" autoFocus />}
    />
  );
}
