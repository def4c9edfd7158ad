import { APP_LOCALE } from '../../../lib/locale.ts';
import {
  type FilterDefinition,
  type FilterParam,
  readFilterValue,
  type SessionFilters,
  unitFor,
} from './session-filters.ts';

/** What the editor's fields hold: one text per field; a visitor parameter has a name and a value. */
export type FilterDraft = Record<string, string>;

/** The fields of a filter being edited, filled from what is on now. */
export function draftOf(definition: FilterDefinition, filters: SessionFilters): FilterDraft {
  if (definition.control.kind === 'visitor-param') {
    const value = filters.visitor_param ?? '';
    const at = value.indexOf('=');
    return at < 0 ? { name: '', value: '' } : { name: value.slice(0, at), value: value.slice(at + 1) };
  }
  const { control } = definition;
  if (control.kind === 'range' && control.units) {
    // Shown in the largest unit the values are whole numbers of: 600 s reads as 10 min.
    const unit = unitFor(
      control.units,
      definition.params.map((param) => filters[param]),
    );
    const inUnit = (value: string | undefined) => (value === undefined ? '' : String(Number(value) / unit.size));
    return {
      ...Object.fromEntries(definition.params.map((param) => [param, inUnit(filters[param])])),
      unit: unit.label,
    };
  }
  return Object.fromEntries(definition.params.map((param) => [param, filters[param] ?? '']));
}

/** A number typed in a range's unit, as the parameter's own whole units (1.5 min is "90"); null when not a number. */
function inParamUnits(raw: string, size: number): string | null {
  if (size === 1) return raw;
  return /^\d{1,9}(\.\d*)?$|^\.\d+$/.test(raw) ? String(Math.round(Number(raw) * size)) : null;
}

export type DraftResult =
  { ok: true; values: Partial<Record<FilterParam, string | undefined>> } | { ok: false; error: string };

/** Turns the fields into the parameters to set (undefined clears one), or says what is wrong. */
export function valuesOfDraft(definition: FilterDefinition, draft: FilterDraft): DraftResult {
  const { control } = definition;
  if (control.kind === 'visitor-param') {
    const name = (draft.name ?? '').trim();
    const value = (draft.value ?? '').trim();
    if (!name || name.includes('=')) return { ok: false, error: 'Enter a parameter name without “=”.' };
    if (!value) return { ok: false, error: 'Enter the value the parameter must have.' };
    const text = readFilterValue('visitor_param', `${name}=${value}`);
    return text ? { ok: true, values: { visitor_param: text } } : { ok: false, error: 'That is too long.' };
  }
  if (control.kind === 'range') {
    const [minParam, maxParam] = definition.params as [FilterParam, FilterParam];
    const rawMin = (draft[minParam] ?? '').trim();
    const rawMax = (draft[maxParam] ?? '').trim();
    const unit = control.units?.find((candidate) => candidate.label === draft.unit);
    const size = unit?.size ?? 1;
    const read = (param: FilterParam, raw: string) => {
      const value = raw ? inParamUnits(raw, size) : '';
      return value === null ? null : readFilterValue(param, value);
    };
    const min = read(minParam, rawMin);
    const max = read(maxParam, rawMax);
    const whole = size === 1 && control.step === 1 && control.max > 100 ? 'whole numbers ' : '';
    const upTo = (control.max / size).toLocaleString(APP_LOCALE, { maximumFractionDigits: 2 });
    const rangeError = `Enter ${whole}from 0 to ${upTo}${unit && size > 1 ? ` ${unit.label}` : ''}.`;
    if ((rawMin && min === null) || (rawMax && max === null)) return { ok: false, error: rangeError };
    if (min === null && max === null) return { ok: false, error: 'Enter a minimum, a maximum or both.' };
    if (min !== null && max !== null && Number(min) > Number(max)) {
      return { ok: false, error: 'The minimum is above the maximum.' };
    }
    return { ok: true, values: { [minParam]: min ?? undefined, [maxParam]: max ?? undefined } };
  }
  const param = definition.params[0] as FilterParam;
  const value = readFilterValue(param, draft[param] ?? '');
  if (value === null) {
    return { ok: false, error: (draft[param] ?? '').trim() ? 'That value is too long.' : 'Choose or enter a value.' };
  }
  return { ok: true, values: { [param]: value } };
}

/** The filters with `values` applied; an undefined value removes its parameter. */
export function withValues(
  filters: SessionFilters,
  values: Partial<Record<FilterParam, string | undefined>>,
): SessionFilters {
  const next: SessionFilters = { ...filters };
  for (const [param, value] of Object.entries(values) as [FilterParam, string | undefined][]) {
    if (value === undefined) delete next[param];
    else next[param] = value;
  }
  return next;
}

/** The filters without any of the definition's parameters. */
export function withoutFilter(filters: SessionFilters, definition: FilterDefinition): SessionFilters {
  return withValues(filters, Object.fromEntries(definition.params.map((param) => [param, undefined])));
}
