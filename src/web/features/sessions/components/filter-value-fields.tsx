import Autocomplete from '@mui/material/Autocomplete';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { listCountries } from '../lib/countries.ts';
import type { FilterDraft } from '../lib/filter-draft.ts';
import type { FilterDefinition, FilterParam } from '../lib/session-filters.ts';

interface FilterValueFieldsProps {
  definition: FilterDefinition;
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
}

/** The control that suits the filter: a country picker, a range with its unit, yes/no, text, or name = value. */
export function FilterValueFields({ definition, draft, onChange }: FilterValueFieldsProps) {
  const { control, label } = definition;
  const param = definition.params[0] as FilterParam;
  const set = (key: string, value: string) => onChange({ ...draft, [key]: value });
  switch (control.kind) {
    case 'flag':
    case 'choice': {
      const options =
        control.kind === 'flag'
          ? [
              { value: 'true', label: control.yes },
              { value: 'false', label: control.no },
            ]
          : control.options;
      return (
        <RadioGroup aria-label={label} value={draft[param] ?? ''} onChange={(event) => set(param, event.target.value)}>
          {options.map((option) => (
            <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
          ))}
        </RadioGroup>
      );
    }
    case 'country': {
      const countries = listCountries();
      return (
        <Autocomplete
          options={countries}
          value={countries.find((country) => country.code === draft[param]) ?? null}
          onChange={(_event, country) => set(param, country?.code ?? '')}
          getOptionLabel={(country) => country.name}
          isOptionEqualToValue={(option, value) => option.code === value.code}
          renderInput={(params) => <TextField {...params} label="Country" autoFocus />}
        />
      );
    }
    case 'range': {
      const [minParam, maxParam] = definition.params as [FilterParam, FilterParam];
      const numberField = (key: FilterParam, name: string) => (
        <TextField
          label={name}
          type="number"
          value={draft[key] ?? ''}
          onChange={(event) => set(key, event.target.value)}
          slotProps={{
            htmlInput: { min: 0, max: control.max, step: control.step, inputMode: 'decimal' },
            input: { endAdornment: <InputAdornment position="end">{control.unit}</InputAdornment> },
          }}
        />
      );
      return (
        <Stack direction="row" spacing={1.5}>
          {numberField(minParam, 'Minimum')}
          {numberField(maxParam, 'Maximum')}
        </Stack>
      );
    }
    case 'visitor-param':
      return (
        <Stack direction="row" spacing={1.5}>
          <TextField
            label="Parameter name"
            value={draft.name ?? ''}
            onChange={(event) => set('name', event.target.value)}
            autoFocus
          />
          <TextField label="Value" value={draft.value ?? ''} onChange={(event) => set('value', event.target.value)} />
        </Stack>
      );
    case 'text': {
      const suggestions = control.suggestions;
      if (suggestions) {
        // A name typed in another case is the known name: "chrome" would otherwise match no session.
        const known = (text: string) =>
          suggestions.find((name) => name.toLowerCase() === text.trim().toLowerCase()) ?? text;
        return (
          <Autocomplete
            freeSolo
            options={suggestions}
            inputValue={draft[param] ?? ''}
            onInputChange={(_event, value) => set(param, known(value))}
            renderInput={(params) => (
              <TextField
                {...params}
                label={label}
                placeholder={control.placeholder}
                helperText="Exact name: pick one, or type another"
                autoFocus
                slotProps={{
                  ...params.slotProps,
                  htmlInput: { ...params.slotProps.htmlInput, autoComplete: 'off', spellCheck: false },
                }}
              />
            )}
          />
        );
      }
      return (
        <TextField
          label={control.contains ? `${label} contains` : label}
          placeholder={control.placeholder}
          value={draft[param] ?? ''}
          onChange={(event) => set(param, event.target.value)}
          helperText={control.contains ? 'Any part, case does not matter' : 'Exact value'}
          autoFocus
          fullWidth
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
      );
    }
  }
}
