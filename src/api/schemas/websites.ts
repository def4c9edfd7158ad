import { Type, type Static } from 'typebox';

export const Website = Type.Object({
  website_id: Type.String(),
  host: Type.String(),
  name: Type.String(),
});

export const WebsiteList = Type.Array(Website);
export type WebsiteResource = Static<typeof Website>;
