import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Button from '@mui/material/Button';
import { TestMessageSnackbar } from '../../../../components/deliveries/test-message-snackbar.tsx';
import { useSendWebhookTestMutation } from '../../api/use-send-webhook-test-mutation.ts';

/** Sends a signed sample message to the webhook and confirms it with the message id. */
export function SendWebhookTestButton({ webhookId }: { webhookId: string }) {
  const sendTest = useSendWebhookTestMutation();
  return (
    <>
      <Button
        size="small"
        startIcon={<SendOutlinedIcon />}
        loading={sendTest.isPending}
        onClick={() => sendTest.mutate({ path: { id: webhookId } })}
      >
        Send test
      </Button>
      <TestMessageSnackbar queuedId={sendTest.data?.delivery_id} error={sendTest.error} onClose={sendTest.reset} />
    </>
  );
}
