import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { ALERT_THRESHOLD } from '../../../../../api/event-catalogue.ts';
import type { AlertFormInput } from '../../lib/alert-form-schema.ts';

/** The optional threshold: fire only once enough matches happen within a window. */
export function ThresholdFields() {
  const { control, register, formState } = useFormContext<AlertFormInput>();
  const on = useWatch({ control, name: 'threshold_on' });
  const { errors } = formState;
  return (
    <Stack spacing={1}>
      <Controller
        name="threshold_on"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={<Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
            label="Only when it happens often"
          />
        )}
      />
      {on ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label="At least (matches)"
            type="number"
            {...register('threshold_count')}
            error={Boolean(errors.threshold_count)}
            helperText={errors.threshold_count?.message ?? `${ALERT_THRESHOLD.minCount} to ${ALERT_THRESHOLD.maxCount}`}
            slotProps={{ htmlInput: { min: ALERT_THRESHOLD.minCount, max: ALERT_THRESHOLD.maxCount, step: 1 } }}
          />
          <TextField
            label="Within (minutes)"
            type="number"
            {...register('threshold_window_minutes')}
            error={Boolean(errors.threshold_window_minutes)}
            helperText={
              errors.threshold_window_minutes?.message ??
              `${ALERT_THRESHOLD.minWindowMinutes} to ${ALERT_THRESHOLD.maxWindowMinutes}`
            }
            slotProps={{
              htmlInput: { min: ALERT_THRESHOLD.minWindowMinutes, max: ALERT_THRESHOLD.maxWindowMinutes, step: 1 },
            }}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
