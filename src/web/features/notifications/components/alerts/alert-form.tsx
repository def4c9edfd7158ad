import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { Alert } from '../../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../../components/feedback/api-error-alert.tsx';
import { applyServerError } from '../../../../lib/form-errors.ts';
import { useCreateAlertMutation } from '../../api/use-create-alert-mutation.ts';
import { useUpdateAlertMutation } from '../../api/use-update-alert-mutation.ts';
import {
  alertFormDefaults,
  alertFormSchema,
  toAlertBody,
  type AlertFormInput,
  type AlertFormValues,
} from '../../lib/alert-form-schema.ts';
import { AlertPreview } from './alert-preview.tsx';
import { EventsEditor } from './events-editor.tsx';
import { ProviderFields } from './provider-fields.tsx';
import { ThresholdFields } from './threshold-fields.tsx';

interface AlertFormProps {
  /** The alert to edit; a new alert is created without one. */
  alert?: Alert;
  canRegisterWebhook: boolean;
  onSaved: () => void;
  onCancel: () => void;
}

/** Creates or edits an alert; laid out as a dialog's content and actions. */
export function AlertForm({ alert, canRegisterWebhook, onSaved, onCancel }: AlertFormProps) {
  const create = useCreateAlertMutation();
  const update = useUpdateAlertMutation();
  const [unplacedError, setUnplacedError] = useState<unknown>(null);
  const form = useForm<AlertFormInput, unknown, AlertFormValues>({
    resolver: zodResolver(alertFormSchema),
    defaultValues: alertFormDefaults(alert),
  });
  const { register, handleSubmit, setError, formState } = form;

  const onSubmit = handleSubmit(async (values) => {
    setUnplacedError(null);
    const body = toAlertBody(values, alert?.threshold_count != null);
    try {
      if (alert) await update.mutateAsync({ path: { id: alert.alert_id }, body });
      else await create.mutateAsync({ body });
      onSaved();
    } catch (error) {
      // Only fields on screen can show an error; the other provider's field is hidden.
      const visible = ['name', 'events', 'provider', values.provider === 'chat' ? 'chat_channel_id' : 'webhook_id'];
      if (values.threshold_on) visible.push('threshold_count', 'threshold_window_minutes');
      if (!applyServerError(error, setError, visible)) setUnplacedError(error);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={alert ? `Edit alert ${alert.name}` : 'New alert'}>
        <DialogContent dividers>
          <Stack spacing={3}>
            {unplacedError ? (
              <ApiErrorAlert
                error={unplacedError}
                title={alert ? 'The alert could not be saved' : 'The alert could not be created'}
              />
            ) : null}
            <TextField
              label="Name"
              required
              autoFocus
              {...register('name')}
              error={Boolean(formState.errors.name)}
              helperText={formState.errors.name?.message ?? 'Shown in every notification.'}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <EventsEditor />
            <ThresholdFields />
            <Divider />
            <ProviderFields canRegisterWebhook={canRegisterWebhook} />
            <Divider />
            <AlertPreview quietPeriodMinutes={alert?.quiet_period_minutes} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button type="submit" variant="contained" loading={formState.isSubmitting}>
            {alert ? 'Save changes' : 'Create alert'}
          </Button>
        </DialogActions>
      </form>
    </FormProvider>
  );
}
