import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { FilterDraft } from '../lib/filter-draft.ts';
import type { FilterDefinition, FilterParam } from '../lib/session-filters.ts';
import { ChoiceField } from './choice-field.tsx';
import { CountryField } from './country-field.tsx';
import { SuggestedValueField } from './suggested-value-field.tsx';

interface FilterValueFieldsProps {
  definition: FilterDefinition;
  draft: FilterDraft;
  onChange: (draft: FilterDraft) => void;
  /** The list's website, if one is chosen: suggestions count its sessions only. */
  websiteId?: string;
}

const EXACT_HELP = 'Exact value: pick one, or type another. Counts are sessions in the last 30 days.';

/** The control that suits the filter: a country picker, a range with its unit, yes/no, text, or name = value. */
export function FilterValueFields({ definition, draft, onChange, websiteId }: FilterValueFieldsProps) {
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
        <ChoiceField
          label={label}
          options={options}
          value={draft[param] ?? ''}
          onChange={(value) => set(param, value)}
          counted={control.kind === 'choice' && control.counted ? { field: control.counted, websiteId } : undefined}
        />
      );
    }
    case 'country':
      return <CountryField value={draft[param] ?? ''} onChange={(code) => set(param, code)} websiteId={websiteId} />;
    case 'range': {
      const [minParam, maxParam] = definition.params as [FilterParam, FilterParam];
      const unit = control.units?.find((candidate) => candidate.label === draft.unit);
      const size = unit?.size ?? 1;
      const numberField = (key: FilterParam, name: string) => (
        <TextField
          label={name}
          type="number"
          autoFocus={key === minParam}
          value={draft[key] ?? ''}
          onChange={(event) => set(key, event.target.value)}
          slotProps={{
            htmlInput: {
              min: 0,
              max: control.max / size,
              step: size === 1 ? control.step : 'any',
              inputMode: 'decimal',
            },
            input: { endAdornment: <InputAdornment position="end">{unit?.label ?? control.unit}</InputAdornment> },
          }}
        />
      );
      const fields = (
        <Stack direction="row" spacing={1.5}>
          {numberField(minParam, 'Minimum')}
          {numberField(maxParam, 'Maximum')}
        </Stack>
      );
      if (!control.units) return fields;
      return (
        <Stack spacing={1.5}>
          <ToggleButtonGroup
            exclusive
            size="small"
            aria-label="Unit"
            value={unit?.label ?? null}
            onChange={(_event, label: string | null) => {
              if (label) set('unit', label);
            }}
          >
            {control.units.map((option) => (
              <ToggleButton key={option.label} value={option.label} sx={{ px: 2 }}>
                {option.name}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {fields}
        </Stack>
      );
    }
    case 'visitor-param': {
      const paramName = (draft.name ?? '').trim();
      return (
        <Stack direction="row" spacing={1.5} sx={{ '& > *': { flex: 1, minWidth: 0 } }}>
          <SuggestedValueField
            field="visitor_param"
            label="Parameter name"
            value={draft.name ?? ''}
            onChange={(text) => set('name', text)}
            websiteId={websiteId}
            autoFocus
            exact
          />
          <SuggestedValueField
            field="visitor_param"
            label="Value"
            value={draft.value ?? ''}
            onChange={(text) => set('value', text)}
            name={paramName}
            websiteId={websiteId}
            enabled={paramName !== ''}
            exact
          />
        </Stack>
      );
    }
    case 'text':
      return (
        <SuggestedValueField
          field={control.field}
          label={control.contains ? `${label} contains` : label}
          placeholder={control.placeholder}
          value={draft[param] ?? ''}
          onChange={(text) => set(param, text)}
          websiteId={websiteId}
          fallback={control.suggestions}
          helperText={control.contains ? 'Any part, case does not matter' : EXACT_HELP}
          exact={!control.contains}
          autoFocus
        />
      );
  }
}
