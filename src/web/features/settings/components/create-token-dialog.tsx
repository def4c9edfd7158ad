import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { CreateTokenResponse } from '../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { applyServerError } from '../../../lib/form-errors.ts';
import { useCreateTokenMutation } from '../api/use-create-token-mutation.ts';
import { TOKEN_FIELDS, tokenFormSchema, type TokenFormInput, type TokenFormValues } from '../lib/token-form.ts';
import { ScopeCheckboxes } from './scope-checkboxes.tsx';

interface CreateTokenDialogProps {
  onClose: () => void;
  onCreated: (created: CreateTokenResponse) => void;
}

export function CreateTokenDialog({ onClose, onCreated }: CreateTokenDialogProps) {
  const create = useCreateTokenMutation();
  const [formError, setFormError] = useState<unknown>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<TokenFormInput, unknown, TokenFormValues>({
    resolver: zodResolver(tokenFormSchema),
    defaultValues: { name: '', scopes: [], expires_in_days: undefined },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((body) => {
    setFormError(null);
    create.mutate(
      { body },
      {
        onSuccess: onCreated,
        onError: (error) => {
          if (!applyServerError(error, setError, TOKEN_FIELDS)) setFormError(error);
        },
      },
    );
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="create-token-title" fullWidth maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="create-token-title">Create an API token</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {formError ? <ApiErrorAlert error={formError} title="The token was not created" /> : null}
          <TextField
            label="Name"
            required
            autoFocus
            placeholder="Nightly export"
            {...register('name')}
            error={Boolean(errors.name)}
            helperText={errors.name?.message ?? 'Says which program uses it, so you know what breaks if you revoke it.'}
          />
          <Controller
            control={control}
            name="scopes"
            render={({ field, fieldState }) => (
              <ScopeCheckboxes value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
          <TextField
            label="Expires after (days)"
            type="number"
            {...register('expires_in_days', {
              setValueAs: (value: string) => (value === '' ? undefined : Number(value)),
            })}
            error={Boolean(errors.expires_in_days)}
            helperText={errors.expires_in_days?.message ?? 'Leave empty for a token that does not expire.'}
            slotProps={{ htmlInput: { min: 1, max: 3650, step: 1, inputMode: 'numeric' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Create token
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
