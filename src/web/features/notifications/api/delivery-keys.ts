/** Keys of the delivery logs; a message belongs to an alert's log and to its webhook's log at once. */
export const deliveryKeys = {
  all: ['deliveries'] as const,
  ofAlert: (alertId: string) => [...deliveryKeys.all, 'alert', alertId] as const,
  ofWebhook: (webhookId: string) => [...deliveryKeys.all, 'webhook', webhookId] as const,
};
