import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { AlertFormInput } from '../../lib/alert-form-schema.ts';
import { EVENT_KINDS, RAGE_CLICK, eventKindMeta, type EventKind } from '../../lib/alert-rules.ts';

interface EventRowProps {
  index: number;
  removable: boolean;
  onRemove: () => void;
}

/** One event the alert watches: its kind, picked by name, and the value that kind understands. */
export function EventRow({ index, removable, onRemove }: EventRowProps) {
  const { control, register, setValue, formState } = useFormContext<AlertFormInput>();
  const kind = useWatch({ control, name: `events.${index}.kind` });
  const meta = eventKindMeta(kind);
  const errors = formState.errors.events?.[index];
  const position = index + 1;

  return (
    <Box
      role="group"
      aria-label={`Event ${position}`}
      sx={{
        display: 'grid',
        gap: 1.5,
        alignItems: 'start',
        gridTemplateColumns: { xs: '1fr auto', sm: '200px 1fr auto' },
        gridTemplateAreas: { xs: '"kind remove" "value value"', sm: '"kind value remove"' },
        // Stacked on phones, rows need a line between them to read as pairs.
        borderBottom: { xs: 1, sm: 0 },
        borderColor: 'divider',
        pb: { xs: 2, sm: 0 },
      }}
    >
      <Controller
        name={`events.${index}.kind`}
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            label="Event"
            value={field.value}
            onBlur={field.onBlur}
            inputRef={field.ref}
            onChange={(event) => {
              const next = Number(event.target.value) as EventKind;
              // A threshold and a text fragment do not translate into each other.
              if (next === RAGE_CLICK || field.value === RAGE_CLICK) {
                setValue(`events.${index}.value`, eventKindMeta(next).defaultValue);
              }
              field.onChange(next);
            }}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message}
            sx={{ gridArea: 'kind' }}
          >
            {EVENT_KINDS.map((option) => (
              <MenuItem key={option.kind} value={option.kind}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <TextField
        label={meta.valueLabel}
        {...register(`events.${index}.value`)}
        required={meta.required}
        error={Boolean(errors?.value)}
        helperText={errors?.value?.message ?? meta.helperText}
        slotProps={{ htmlInput: { maxLength: 256, inputMode: kind === RAGE_CLICK ? 'numeric' : 'text' } }}
        sx={{ gridArea: 'value' }}
      />
      <IconButton
        aria-label={`Remove event ${position}`}
        disabled={!removable}
        onClick={onRemove}
        sx={{ gridArea: 'remove', mt: 1 }}
      >
        <DeleteOutlineIcon />
      </IconButton>
    </Box>
  );
}
