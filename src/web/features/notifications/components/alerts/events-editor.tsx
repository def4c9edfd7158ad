import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { newEventRow, type AlertFormInput } from '../../lib/alert-form-schema.ts';
import { MAX_EVENTS } from '../../lib/alert-rules.ts';
import { EventRow } from './event-row.tsx';

/** The events that trigger the alert: any one of them is enough. */
export function EventsEditor() {
  const { control, formState } = useFormContext<AlertFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: 'events' });
  const full = fields.length >= MAX_EVENTS;
  const listError = formState.errors.events?.message ?? formState.errors.events?.root?.message;

  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        When any of these happens
      </Typography>
      {fields.map((field, index) => (
        <EventRow key={field.id} index={index} removable={fields.length > 1} onRemove={() => remove(index)} />
      ))}
      {listError ? <FormHelperText error>{listError}</FormHelperText> : null}
      <div>
        <Button startIcon={<AddIcon />} disabled={full} onClick={() => append(newEventRow())}>
          Add event
        </Button>
        <FormHelperText>
          {full ? `An alert watches at most ${MAX_EVENTS} events.` : `Up to ${MAX_EVENTS} events.`}
        </FormHelperText>
      </div>
    </Stack>
  );
}
