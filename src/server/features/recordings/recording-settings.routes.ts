import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '../../../api/schemas/common.ts';
import { RecordingSettings, RecordingSettingsUpdate } from '../../../api/schemas/recordings.ts';
import { requirePrincipal } from '../../auth/authenticate.ts';
import type { Db } from '../../db/database.ts';
import { operation } from '../../http/route-schema.ts';
import { getRecordingSettings, updateRecordingSettings } from './recording-settings.service.ts';

export const recordingSettingsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get('/v1/websites/:id/recording', {
    config: { scope: 'websites:read' },
    schema: {
      ...operation({
        tag: 'Websites',
        operationId: 'getRecordingSettings',
        summary: "Get a website's recording settings",
        scope: 'websites:read',
        success: { 200: RecordingSettings },
      }),
      params: IdParams,
    },
    handler: (request) => getRecordingSettings(db, requirePrincipal(request).accountId, request.params.id),
  });

  app.put('/v1/websites/:id/recording', {
    config: { scope: 'websites:write' },
    schema: {
      ...operation({
        tag: 'Websites',
        operationId: 'updateRecordingSettings',
        summary: "Change a website's recording settings",
        description:
          'The fields sent replace the stored ones. Password fields, `[data-sa-mask]` and `[data-sa-block]` are ' +
          'masked or left out whatever the settings say. Pages already open pick the change up with their next session.',
        scope: 'websites:write',
        success: { 200: RecordingSettings },
      }),
      params: IdParams,
      body: RecordingSettingsUpdate,
    },
    handler: (request) =>
      updateRecordingSettings(db, requirePrincipal(request).accountId, request.params.id, request.body),
  });
};
