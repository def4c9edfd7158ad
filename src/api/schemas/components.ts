import { AccountSettings } from './account.ts';
import { Alert } from './alerts.ts';
import { ErrorEnvelope } from './common.ts';
import { NotificationSettings } from './notification-settings.ts';
import { AlertMatch, Delivery } from './deliveries.ts';
import { Session } from './sessions.ts';
import { ApiToken } from './tokens.ts';
import { User } from './users.ts';
import { Webhook } from './webhooks.ts';
import { Website } from './websites.ts';

/** Schemas with an `$id`: registered once, referenced by routes, and named components in the OpenAPI document. */
export const sharedSchemas = [
  ErrorEnvelope,
  Alert,
  Webhook,
  Website,
  Session,
  User,
  ApiToken,
  Delivery,
  AlertMatch,
  AccountSettings,
  NotificationSettings,
];
