import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { Website } from '../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { toApiError } from '../../../lib/api-error.ts';
import { applyServerError } from '../../../lib/form-errors.ts';
import { useCreateWebsiteMutation } from '../api/use-create-website-mutation.ts';
import {
  WEBSITE_FIELDS,
  type WebsiteFormInput,
  type WebsiteFormValues,
  websiteFormSchema,
} from '../lib/website-form.ts';

interface AddWebsiteDialogProps {
  onClose: () => void;
  onAdded: (added: Website) => void;
}

export function AddWebsiteDialog({ onClose, onAdded }: AddWebsiteDialogProps) {
  const create = useCreateWebsiteMutation();
  const [formError, setFormError] = useState<unknown>(null);
  const { register, handleSubmit, setError, formState } = useForm<WebsiteFormInput, unknown, WebsiteFormValues>({
    resolver: zodResolver(websiteFormSchema),
    defaultValues: { host: '', name: '', description: '' },
  });
  const { errors } = formState;
  const onError = (error: unknown) => {
    const apiError = toApiError(error);
    // A host the account already has is a conflict, but it is still about that field.
    if (apiError.code === 'website_exists')
      setError('host', { type: 'server', message: apiError.message }, { shouldFocus: true });
    else if (!applyServerError(apiError, setError, WEBSITE_FIELDS)) setFormError(apiError);
  };
  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    create.mutate({ body: values }, { onSuccess: onAdded, onError });
  });

  return (
    <Dialog open onClose={onClose} aria-labelledby="add-website-title" fullWidth maxWidth="sm">
      <form onSubmit={onSubmit} noValidate>
        <DialogTitle id="add-website-title">Add a website</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
          {formError ? <ApiErrorAlert error={formError} title="The website was not added" /> : null}
          <TextField
            label="Host"
            required
            autoFocus
            {...register('host')}
            error={Boolean(errors.host)}
            helperText={errors.host?.message ?? 'Such as shop.example.com; its subdomains may send too.'}
          />
          <TextField
            label="Name"
            {...register('name')}
            error={Boolean(errors.name)}
            helperText={errors.name?.message ?? 'Optional. Defaults to the host.'}
          />
          <TextField
            label="Description"
            multiline
            {...register('description')}
            error={Boolean(errors.description)}
            helperText={errors.description?.message ?? 'Optional.'}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Add website
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
