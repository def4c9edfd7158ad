/** The latest match an alert holds back, kept on its row until a summary shows it. */
import type { DeliveryEvent } from '../outbox/delivery-payload.ts';

export interface HeldEvent {
  website_id: string;
  payload: DeliveryEvent;
}

export function heldEventText(event: HeldEvent): string {
  return JSON.stringify(event);
}

export function parseHeldEvent(text: string): HeldEvent {
  return JSON.parse(text) as HeldEvent;
}
