import { describe, expect, it } from 'vitest';
import type { AlertEventValue } from '../../../../api/schemas/alerts.ts';
import { type AlertRule, type EventDetails, matchAlerts } from './match-alerts.ts';

function alert(name: string, ...events: AlertEventValue[]): AlertRule & { name: string } {
  return { name, events };
}

function names(alerts: readonly { name: string }[], kind: number, details: EventDetails): string[] {
  return matchAlerts(alerts as (AlertRule & { name: string })[], { kind: kind as never, details }).map(
    (match) => match.name,
  );
}

describe('matchAlerts', () => {
  it('matches a click (5) and a double click (6) on a fragment of the text or the selector, any case', () => {
    const alerts = [
      alert('buy text', { kind: 5, value: 'buy NOW' }),
      alert('selector', { kind: 5, value: '#checkout' }),
      alert('any click', { kind: 5, value: '' }),
      alert('double', { kind: 6, value: 'buy' }),
    ];
    const details = { selector: 'main > button#checkout.primary', text: 'Buy now!' };
    expect(names(alerts, 5, details)).toEqual(['buy text', 'selector', 'any click']);
    expect(names(alerts, 5, { selector: 'a.link', text: 'Home' })).toEqual(['any click']);
    expect(names(alerts, 6, details)).toEqual(['double']);
    expect(names(alerts, 6, { selector: 'a', text: 'Home' })).toEqual([]);
  });

  it('matches an error click (20), a console log (24) and a JS error (25) on a fragment of the message', () => {
    const alerts = [
      alert('error click', { kind: 20, value: 'payment' }),
      alert('log', { kind: 24, value: 'deprecated' }),
      alert('js', { kind: 25, value: 'typeerror' }),
      alert('any js', { kind: 25, value: '' }),
    ];
    expect(names(alerts, 20, { selector: 'button', message: 'Payment failed' })).toEqual(['error click']);
    expect(names(alerts, 20, { selector: 'button', message: 'Other' })).toEqual([]);
    expect(names(alerts, 24, { level: 'warn', message: 'API is DEPRECATED' })).toEqual(['log']);
    expect(names(alerts, 25, { message: 'TypeError: x is undefined' })).toEqual(['js', 'any js']);
    expect(names(alerts, 25, { message: 'RangeError' })).toEqual(['any js']);
  });

  it('does not read a message fragment from the element of an error click', () => {
    expect(
      names([alert('a', { kind: 20, value: 'pay' })], 20, { selector: 'button#pay', text: 'Pay', message: 'Boom' }),
    ).toEqual([]);
  });

  it('fires a rage click (21) alert when the click count reaches the threshold', () => {
    const alerts = [
      alert('3+', { kind: 21, value: '3' }),
      alert('5+', { kind: 21, value: ' 5 ' }),
      alert('broken', { kind: 21, value: 'many' }),
    ];
    expect(names(alerts, 21, { selector: 'a', click_count: 3 })).toEqual(['3+']);
    expect(names(alerts, 21, { selector: 'a', click_count: 5 })).toEqual(['3+', '5+']);
    expect(names(alerts, 21, { selector: 'a', click_count: 12 })).toEqual(['3+', '5+']);
  });

  it('matches a custom event (26) by its exact name, and any custom event with an empty value', () => {
    const alerts = [alert('signup', { kind: 26, value: 'signup' }), alert('any custom', { kind: 26, value: '' })];
    expect(names(alerts, 26, { name: 'signup' })).toEqual(['signup', 'any custom']);
    expect(names(alerts, 26, { name: 'Signup' })).toEqual(['any custom']);
    expect(names(alerts, 26, { name: 'signup_done' })).toEqual(['any custom']);
  });

  it('matches a network request (29) and a network error (30) on a fragment of the URL', () => {
    const alerts = [
      alert('payments', { kind: 30, value: '/API/payments' }),
      alert('any request', { kind: 29, value: '' }),
    ];
    const url = 'https://shop.example.com/api/payments?id=1';
    expect(names(alerts, 30, { url, status: 502 })).toEqual(['payments']);
    expect(names(alerts, 30, { url: 'https://shop.example.com/api/cart', status: 500 })).toEqual([]);
    expect(names(alerts, 29, { url, status: 200 })).toEqual(['any request']);
  });

  it('fires an alert once however many of its events match, and never on another kind', () => {
    const alerts = [alert('multi', { kind: 25, value: 'a' }, { kind: 25, value: 'b' }, { kind: 5, value: '' })];
    expect(names(alerts, 25, { message: 'ab' })).toEqual(['multi']);
    expect(names(alerts, 24, { message: 'ab' })).toEqual([]);
    expect(names(alerts, 3, { url: 'https://shop.example.com/' })).toEqual([]);
  });
});
