import { Type, type Static } from 'typebox';
import { SessionsQuery } from './sessions-query.ts';

/** The sessions list's parameters a view keeps: every filter and the sort, but not the page. */
export const VIEW_QUERY_PARAMS = Object.keys(SessionsQuery.properties).filter(
  (name) => name !== 'page' && name !== 'size',
);

const ViewQuery = Type.Object(
  Object.fromEntries(VIEW_QUERY_PARAMS.map((name) => [name, Type.Optional(Type.String({ maxLength: 2048 }))])),
  {
    additionalProperties: false,
    description: 'Parameters of GET /v1/sessions, as they appear in its query string (page and size excluded).',
  },
);

const viewName = Type.String({ minLength: 1, maxLength: 100 });

export const SavedView = Type.Object({
  id: Type.String(),
  name: Type.String(),
  query: Type.Record(Type.String(), Type.String()),
  shared: Type.Boolean({
    description: 'Listed for everyone in the account; only its owner and the account’s admins may change it.',
  }),
  mine: Type.Boolean({ description: 'Created by whoever is asking.' }),
  editable: Type.Boolean({
    description:
      'Whoever is asking may rename, reshare or delete it: its owner, or an admin when it is shared with the account.',
  }),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
});

export const SavedViewList = Type.Object({ views: Type.Array(SavedView) });

export const CreateViewBody = Type.Object(
  { name: viewName, query: ViewQuery, shared: Type.Optional(Type.Boolean({ default: false })) },
  { additionalProperties: false },
);

export const UpdateViewBody = Type.Object(
  { name: Type.Optional(viewName), query: Type.Optional(ViewQuery), shared: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);

export const DeletedView = Type.Object({ view_id: Type.String(), deleted: Type.Boolean() });

/** The sessions list's columns, by the field each shows, and whether it shows; columns not named keep their default. */
const columnChoices = Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_.]{0,63}$' }), Type.Boolean(), {
  maxProperties: 64,
  additionalProperties: false,
});

export const SessionColumns = Type.Object({
  columns: columnChoices,
  updated_at: Type.Union([Type.Integer(), Type.Null()], {
    description: 'When the choice was last saved; null before.',
  }),
});

export const SessionColumnsBody = Type.Object({ columns: columnChoices }, { additionalProperties: false });

export type SavedViewResource = Static<typeof SavedView>;
export type CreateViewInput = Static<typeof CreateViewBody>;
export type UpdateViewInput = Static<typeof UpdateViewBody>;
export type SessionColumnsInput = Static<typeof SessionColumnsBody>;
export type SessionColumnsResource = Static<typeof SessionColumns>;
