/**
 * In-process wake-up for delivery workers, so a message enqueued by this process goes out without
 * waiting for the next poll. Workers in other processes still find it by polling.
 */
import { EventEmitter } from 'node:events';

const signal = new EventEmitter();
signal.setMaxListeners(0);

/** Tells this process's workers that messages may be due. Safe to call any time, e.g. after a commit. */
export function wakeDeliveryWorkers(): void {
  signal.emit('wake');
}

/** Calls `listener` on every wake-up; returns the unsubscribe function. */
export function onDeliveryWake(listener: () => void): () => void {
  signal.on('wake', listener);
  return () => signal.off('wake', listener);
}
