/** The date choices people pick from; each maps to the API's relative strings, read in the chosen zone. */
export const DATE_PRESETS = [
  { id: 'all', label: 'All time', from: '', to: '' },
  { id: 'today', label: 'Today', from: 'TODAY', to: '' },
  { id: 'yesterday', label: 'Yesterday', from: 'YESTERDAY', to: 'TODAY' },
  { id: 'this-week', label: 'This week', from: 'BEGINNING_OF_WEEK', to: '' },
  { id: 'last-7-days', label: 'Last 7 days', from: 'TODAY-7DAYS', to: '' },
  { id: 'this-month', label: 'This month', from: 'BEGINNING_OF_MONTH', to: '' },
  { id: 'last-30-days', label: 'Last 30 days', from: 'TODAY-30DAYS', to: '' },
  { id: 'last-month', label: 'Last month', from: 'BEGINNING_OF_PREV_MONTH', to: 'BEGINNING_OF_MONTH' },
] as const;

export type DatePreset = (typeof DATE_PRESETS)[number];
export type DateChoice = DatePreset['id'] | 'custom';

/** Which preset a pair of `date_from`/`date_to` values is; anything else is a custom range. */
export function dateChoiceOf(dateFrom: string, dateTo: string): DateChoice {
  return DATE_PRESETS.find((preset) => preset.from === dateFrom && preset.to === dateTo)?.id ?? 'custom';
}

export function findDatePreset(id: DateChoice): DatePreset | undefined {
  return DATE_PRESETS.find((preset) => preset.id === id);
}
