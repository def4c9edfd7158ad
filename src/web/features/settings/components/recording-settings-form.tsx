import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type FormEvent, useState } from 'react';
import type { GetRecordingSettingsResponse } from '../../../../api/client/types.gen.ts';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { useRecordingSettingsQuery } from '../api/use-recording-settings-query.ts';
import { useUpdateRecordingSettingsMutation } from '../api/use-update-recording-settings-mutation.ts';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function SettingsFields(props: { websiteId: string; websiteName: string; saved: GetRecordingSettingsResponse }) {
  const { saved } = props;
  const update = useUpdateRecordingSettingsMutation(props.websiteId);
  const [form, setForm] = useState({
    enabled: saved.enabled,
    sample_rate: String(saved.sample_rate),
    mask_all_inputs: saved.mask_all_inputs,
    mask_all_text: saved.mask_all_text,
    respect_gpc: saved.respect_gpc,
    mask_selectors: saved.mask_selectors.join('\n'),
    block_selectors: saved.block_selectors.join('\n'),
    strip_query_params: saved.strip_query_params.join('\n'),
  });
  const rate = Number(form.sample_rate);
  const rateValid = /^\d{1,3}$/.test(form.sample_rate) && rate <= 100;
  const toggle = (name: 'enabled' | 'mask_all_inputs' | 'mask_all_text' | 'respect_gpc', label: string) => (
    <FormControlLabel
      control={<Switch checked={form[name]} onChange={(event) => setForm({ ...form, [name]: event.target.checked })} />}
      label={label}
    />
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!rateValid) return;
    update.mutate({
      path: { id: props.websiteId },
      body: {
        enabled: form.enabled,
        sample_rate: rate,
        mask_all_inputs: form.mask_all_inputs,
        mask_all_text: form.mask_all_text,
        respect_gpc: form.respect_gpc,
        mask_selectors: lines(form.mask_selectors),
        block_selectors: lines(form.block_selectors),
        strip_query_params: lines(form.strip_query_params),
      },
    });
  };
  return (
    <Box component="form" onSubmit={onSubmit} aria-label={`Recording settings for ${props.websiteName}`}>
      <Stack sx={{ gap: 1 }}>
        {toggle('enabled', 'Record sessions for replay')}
        <TextField
          size="small"
          label="Share of sessions recorded (%)"
          value={form.sample_rate}
          onChange={(event) => setForm({ ...form, sample_rate: event.target.value })}
          error={!rateValid}
          helperText={rateValid ? 'Decided once per session' : 'A whole number from 0 to 100'}
          sx={{ maxWidth: 260 }}
        />
        {toggle('mask_all_inputs', 'Mask everything typed in fields (password fields are always masked)')}
        {toggle('mask_all_text', 'Mask all text on the page')}
        {toggle('respect_gpc', 'Do not record browsers that send Global Privacy Control')}
        <TextField
          size="small"
          multiline
          minRows={2}
          label="CSS selectors to mask, one per line"
          helperText="Elements with data-sa-mask are always masked"
          value={form.mask_selectors}
          onChange={(event) => setForm({ ...form, mask_selectors: event.target.value })}
        />
        <TextField
          size="small"
          multiline
          minRows={2}
          label="CSS selectors to leave out, one per line"
          helperText="Elements with data-sa-block are always left out"
          value={form.block_selectors}
          onChange={(event) => setForm({ ...form, block_selectors: event.target.value })}
        />
        <TextField
          size="small"
          multiline
          minRows={2}
          label="URL query parameters to strip, one per line"
          value={form.strip_query_params}
          onChange={(event) => setForm({ ...form, strip_query_params: event.target.value })}
        />
        {update.isError ? <ApiErrorAlert error={update.error} title="The settings were not saved" /> : null}
        {update.isSuccess ? (
          <Alert severity="success">Saved. Pages pick the change up within five minutes.</Alert>
        ) : null}
        <Box>
          <Button type="submit" variant="contained" disabled={update.isPending || !rateValid}>
            Save recording settings
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** What a website records for replay, and what it keeps private. */
export function RecordingSettingsForm(props: { websiteId: string; websiteName: string }) {
  const settings = useRecordingSettingsQuery(props.websiteId);
  if (settings.isPending) return <LinearProgress aria-label="Loading recording settings" />;
  if (settings.isError)
    return <ApiErrorAlert error={settings.error} title="The recording settings could not be loaded" />;
  return <SettingsFields websiteId={props.websiteId} websiteName={props.websiteName} saved={settings.data} />;
}
