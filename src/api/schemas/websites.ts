import { Type, type Static } from 'typebox';

export const Website = Type.Object(
  {
    website_id: Type.String(),
    host: Type.String(),
    name: Type.String(),
    // Additions to the documented resource; always sent by this server, optional so older clients and fixtures still type-check.
    public_key: Type.Optional(
      Type.String({ description: 'Identifies the website to the tracker; public by design (it ships in pages).' }),
    ),
    snippet: Type.Optional(
      Type.String({ description: 'The <script> tag to add to every page of the website to record sessions.' }),
    ),
  },
  { $id: 'Website' },
);

export const WebsiteList = Type.Array(Type.Ref('Website'));
export type WebsiteResource = Static<typeof Website>;
