import type { AlertEventValue } from '../../../../api/schemas/alerts.ts';
import { EVENT_KIND as K, type EventKind } from '../../../../api/event-catalogue.ts';
import type { IngestEventInput } from '../../../../api/schemas/ingest.ts';

/** What an event carries besides its kind and time (as the tracker sent it). */
export type EventDetails = Omit<IngestEventInput, 'kind' | 'time'>;

/** An event as alerts see it. */
export interface MatchableEvent {
  kind: EventKind;
  details: EventDetails;
}

/** The part of an alert that decides whether it fires: its list of {kind, value}. */
export interface AlertRule {
  events: readonly AlertEventValue[];
}

function containsFragment(haystacks: readonly (string | undefined)[], fragment: string): boolean {
  if (fragment === '') return true;
  const needle = fragment.toLowerCase();
  return haystacks.some((haystack) => haystack !== undefined && haystack.toLowerCase().includes(needle));
}

/** Whether one {kind, value} of an alert matches the event, by the per-kind meaning of decisions.md §4. */
export function ruleMatches(rule: AlertEventValue, event: MatchableEvent): boolean {
  if (rule.kind !== event.kind) return false;
  const { details } = event;
  switch (rule.kind) {
    case K.click:
    case K.doubleClick:
      return containsFragment([details.text, details.selector], rule.value);
    case K.errorClick:
    case K.consoleLog:
    case K.jsError:
      return containsFragment([details.message], rule.value);
    case K.rageClick: {
      const threshold = /^\s*\d+\s*$/.test(rule.value) ? Number(rule.value) : Number.NaN;
      return Number.isFinite(threshold) && (details.click_count ?? 0) >= threshold;
    }
    case K.custom:
      return rule.value === '' || details.name === rule.value;
    case K.networkRequest:
    case K.networkError:
      return containsFragment([details.url], rule.value);
    default:
      return false;
  }
}

/**
 * The alerts that fire on `event`: those with at least one {kind, value} that matches it. Fragments
 * (element text or selector, messages, URLs) match case-insensitively anywhere; an empty value matches
 * every event of its kind; a rage click's value is the minimum click count; a custom event's value is
 * its exact name. Callers pass only enabled alerts.
 */
export function matchAlerts<A extends AlertRule>(alerts: readonly A[], event: MatchableEvent): A[] {
  return alerts.filter((alert) => alert.events.some((rule) => ruleMatches(rule, event)));
}
