import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import type { Alert } from '../../../../../api/client/types.gen.ts';
import { TestMessageSnackbar } from '../../../../components/deliveries/test-message-snackbar.tsx';
import { useSendAlertTestMutation } from '../../api/use-send-alert-test-mutation.ts';

/** Sends a sample message through the alert's real target and confirms it with the message id. */
export function SendAlertTestButton({ alert }: { alert: Alert }) {
  const sendTest = useSendAlertTestMutation();
  return (
    <>
      <Button
        size="small"
        startIcon={<SendOutlinedIcon />}
        loading={sendTest.isPending}
        onClick={() => sendTest.mutate({ path: { id: alert.alert_id } })}
        aria-label={`Send test for ${alert.name}`}
      >
        Send test
      </Button>
      <TestMessageSnackbar queuedId={sendTest.data?.delivery_id} error={sendTest.error} onClose={sendTest.reset} />
    </>
  );
}
