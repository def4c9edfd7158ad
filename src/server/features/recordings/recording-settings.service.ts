import { DEFAULT_STRIPPED_QUERY_PARAMS } from '../../../api/recording-limits.ts';
import type { RecordingSettingsResource, RecordingSettingsUpdateInput } from '../../../api/schemas/recordings.ts';
import type { Db } from '../../db/database.ts';
import { errors } from '../../errors.ts';
import { findWebsite } from '../websites/websites.service.ts';
import { findRecordingSettingsRow, upsertRecordingSettingsRow } from './recording-settings.repository.ts';
import type { RecordingSettingsTable } from './recordings.table.ts';

export type RecordingSettings = Omit<RecordingSettingsResource, 'website_id'>;

/** What a website without saved settings records: every session, every input masked, GPC honoured. */
export const DEFAULT_RECORDING_SETTINGS: RecordingSettings = {
  enabled: true,
  sample_rate: 100,
  mask_all_inputs: true,
  mask_all_text: false,
  mask_selectors: [],
  block_selectors: [],
  strip_query_params: [...DEFAULT_STRIPPED_QUERY_PARAMS],
  respect_gpc: true,
};

function fromRow(row: RecordingSettingsTable | undefined): RecordingSettings {
  if (!row)
    return { ...DEFAULT_RECORDING_SETTINGS, strip_query_params: [...DEFAULT_RECORDING_SETTINGS.strip_query_params] };
  return {
    enabled: row.enabled === 1,
    sample_rate: row.sample_rate,
    mask_all_inputs: row.mask_all_inputs === 1,
    mask_all_text: row.mask_all_text === 1,
    mask_selectors: JSON.parse(row.mask_selectors) as string[],
    block_selectors: JSON.parse(row.block_selectors) as string[],
    strip_query_params: JSON.parse(row.strip_query_params) as string[],
    respect_gpc: row.respect_gpc === 1,
  };
}

/** The settings a website records with (the defaults until someone saves them); no check of the account. */
export async function recordingSettingsFor(db: Db, accountId: string, websiteId: string): Promise<RecordingSettings> {
  return fromRow(await findRecordingSettingsRow(db, accountId, websiteId));
}

export async function getRecordingSettings(
  db: Db,
  accountId: string,
  websiteId: string,
): Promise<RecordingSettingsResource> {
  if (!(await findWebsite(db, accountId, websiteId))) throw errors.notFound('Website');
  return { website_id: websiteId, ...(await recordingSettingsFor(db, accountId, websiteId)) };
}

const unique = (values: readonly string[]) => [...new Set(values.map((value) => value.trim()).filter(Boolean))];

/** Replaces the fields sent, keeps the others. */
export async function updateRecordingSettings(
  db: Db,
  accountId: string,
  websiteId: string,
  input: RecordingSettingsUpdateInput,
  now = Date.now(),
): Promise<RecordingSettingsResource> {
  if (!(await findWebsite(db, accountId, websiteId))) throw errors.notFound('Website');
  const merged = { ...(await recordingSettingsFor(db, accountId, websiteId)), ...input };
  const settings: RecordingSettings = {
    ...merged,
    mask_selectors: unique(merged.mask_selectors),
    block_selectors: unique(merged.block_selectors),
    strip_query_params: unique(merged.strip_query_params.map((param) => param.toLowerCase())),
  };
  await upsertRecordingSettingsRow(db, {
    account_id: accountId,
    website_id: websiteId,
    enabled: settings.enabled ? 1 : 0,
    sample_rate: settings.sample_rate,
    mask_all_inputs: settings.mask_all_inputs ? 1 : 0,
    mask_all_text: settings.mask_all_text ? 1 : 0,
    mask_selectors: JSON.stringify(settings.mask_selectors),
    block_selectors: JSON.stringify(settings.block_selectors),
    strip_query_params: JSON.stringify(settings.strip_query_params),
    respect_gpc: settings.respect_gpc ? 1 : 0,
    updated_at: now,
  });
  return { website_id: websiteId, ...settings };
}
