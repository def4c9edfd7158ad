import MuiAlert from '@mui/material/Alert';
import { useNotificationSettingsQuery } from '../../../../lib/api/notification-settings-query.ts';

/** Whether the server says chat cannot post: only a definite "not configured" counts. */
export function useChatNotConfigured(): { notConfigured: boolean; requiredSettings: string[] } {
  const settings = useNotificationSettingsQuery();
  const chat = settings.data?.chat;
  return { notConfigured: chat?.configured === false, requiredSettings: chat?.required_settings ?? [] };
}

/** What to set on the server for chat alerts to send; nothing while chat is configured. */
export function ChatNotConfigured({ compact = false }: { compact?: boolean }) {
  const { notConfigured, requiredSettings } = useChatNotConfigured();
  if (!notConfigured) return null;
  return (
    <MuiAlert
      severity="warning"
      variant={compact ? 'outlined' : 'standard'}
      sx={compact ? { mt: 1, py: 0 } : undefined}
    >
      Chat is not configured: messages to chat channels fail until {requiredSettings.join(' and ')}{' '}
      {requiredSettings.length === 1 ? 'is' : 'are'} set on the server.
    </MuiAlert>
  );
}
