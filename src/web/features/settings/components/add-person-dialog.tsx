import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { CreateUserResponse } from '../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { toApiError } from '../../../lib/api-error.ts';
import { applyServerError } from '../../../lib/form-errors.ts';
import { useCreateUserMutation } from '../api/use-create-user-mutation.ts';
import { PERSON_FIELDS, personFormSchema, type PersonFormInput, type PersonFormValues } from '../lib/person-form.ts';
import { RoleRadioGroup } from './role-radio-group.tsx';

interface AddPersonDialogProps {
  onClose: () => void;
  onAdded: (added: CreateUserResponse) => void;
}

export function AddPersonDialog({ onClose, onAdded }: AddPersonDialogProps) {
  const create = useCreateUserMutation();
  const [formError, setFormError] = useState<unknown>(null);
  const { register, control, handleSubmit, setError, formState } = useForm<PersonFormInput, unknown, PersonFormValues>({
    resolver: zodResolver(personFormSchema),
    defaultValues: { email: '', name: '', role: 'analyst' },
  });
  const { errors } = formState;
  const onError = (error: unknown) => {
    const apiError = toApiError(error);
    // An e-mail that already has a sign-in is a conflict, not a validation error, but it is still about that field.
    if (apiError.code === 'email_taken')
      setError('email', { type: 'server', message: apiError.message }, { shouldFocus: true });
    else if (!applyServerError(apiError, setError, PERSON_FIELDS)) setFormError(apiError);
  };
  const onSubmit = handleSubmit(({ email, name, role }) => {
    setFormError(null);
    create.mutate({ body: name ? { email, name, role } : { email, role } }, { onSuccess: onAdded, onError });
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="add-person-title" fullWidth maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="add-person-title">Add a person</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {formError ? <ApiErrorAlert error={formError} title="The person was not added" /> : null}
          <TextField
            label="E-mail"
            type="email"
            required
            autoFocus
            {...register('email')}
            error={Boolean(errors.email)}
            helperText={errors.email?.message ?? 'They sign in with this address.'}
          />
          <TextField
            label="Name"
            {...register('name')}
            error={Boolean(errors.name)}
            helperText={errors.name?.message ?? 'Optional. Shown in the dashboard instead of the e-mail address.'}
          />
          <Controller
            control={control}
            name="role"
            render={({ field, fieldState }) => (
              <RoleRadioGroup value={field.value} onChange={field.onChange} error={fieldState.error?.message} />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Add person
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
