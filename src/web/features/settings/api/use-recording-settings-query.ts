import { useQuery } from '@tanstack/react-query';
import { getRecordingSettingsOptions } from '../../../../api/client/@tanstack/react-query.gen.ts';

/** A website's recording and privacy settings. */
export function useRecordingSettingsQuery(websiteId: string) {
  return useQuery(getRecordingSettingsOptions({ path: { id: websiteId } }));
}
