import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** No alert yet: what alerts are for, and the way to make one for those who may. */
export function AlertsEmptyState({ onCreate }: { onCreate?: () => void }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <NotificationsNoneIcon color="action" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="h2" gutterBottom>
        No alerts yet
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 480, mx: 'auto' }}>
        Alerts tell your team in chat, or your systems through a webhook, when visitors hit JavaScript errors, rage
        clicks, failed requests or your own custom events.
      </Typography>
      {onCreate ? (
        <Button variant="contained" onClick={onCreate}>
          Create your first alert
        </Button>
      ) : (
        <Typography variant="body2" color="text.secondary">
          An admin can create alerts.
        </Typography>
      )}
    </Paper>
  );
}
