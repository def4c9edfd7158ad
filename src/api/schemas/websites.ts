import { Type, type Static } from 'typebox';

export const Website = Type.Object(
  { website_id: Type.String(), host: Type.String(), name: Type.String() },
  { $id: 'Website' },
);

export const WebsiteList = Type.Array(Type.Ref('Website'));
export type WebsiteResource = Static<typeof Website>;
