import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { ApiErrorAlert } from '../../../components/feedback/api-error-alert.tsx';
import { useAccountSettingsQuery } from '../api/use-account-settings-query.ts';
import { useUpdateAccountSettingsMutation } from '../api/use-update-account-settings-mutation.ts';

/** What the account keeps of its visitors. */
export function PrivacySection() {
  const settings = useAccountSettingsQuery();
  const update = useUpdateAccountSettingsMutation();
  const truncated = update.isPending ? Boolean(update.variables.body?.ip_truncation) : settings.data?.ip_truncation;

  return (
    <Box component="section" aria-labelledby="privacy-heading">
      <Typography variant="h6" component="h2" id="privacy-heading" sx={{ mb: 1 }}>
        Privacy
      </Typography>
      {settings.isPending ? <LinearProgress aria-label="Loading settings" /> : null}
      {settings.isError ? <ApiErrorAlert error={settings.error} title="The settings could not be loaded" /> : null}
      {settings.data ? (
        <FormControlLabel
          label="Store visitors’ IP addresses truncated"
          control={
            <Switch
              checked={truncated ?? false}
              disabled={update.isPending}
              onChange={(event) => update.mutate({ body: { ip_truncation: event.target.checked } })}
            />
          }
        />
      ) : null}
      <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
        Keeps only the network part of each address (the first three numbers of an IPv4 address, the first 48 bits of an
        IPv6 one) for sessions recorded from now on. The country, region and city are still found from the full address
        first.
      </Typography>
      {update.isError ? <ApiErrorAlert error={update.error} title="The setting could not be changed" /> : null}
    </Box>
  );
}
