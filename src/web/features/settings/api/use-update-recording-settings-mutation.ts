import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  getRecordingSettingsQueryKey,
  updateRecordingSettingsMutation,
} from '../../../../api/client/@tanstack/react-query.gen.ts';

export function useUpdateRecordingSettingsMutation(websiteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateRecordingSettingsMutation(),
    onSuccess: (saved) => queryClient.setQueryData(getRecordingSettingsQueryKey({ path: { id: websiteId } }), saved),
  });
}
