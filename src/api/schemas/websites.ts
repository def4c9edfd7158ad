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
    description: Type.Optional(Type.String({ description: 'Free text; empty when none was given.' })),
    last_event_at: Type.Optional(
      Type.Union([Type.Integer(), Type.Null()], {
        description:
          "Unix seconds of the last event of the website's most recently started session; null until the tracker has sent one.",
      }),
    ),
  },
  { $id: 'Website' },
);

export const WebsiteRef = Type.Ref('Website');
export const WebsiteList = Type.Array(WebsiteRef);
export type WebsiteResource = Static<typeof Website>;

export const CreateWebsiteBody = Type.Object(
  {
    host: Type.String({
      minLength: 1,
      maxLength: 300,
      description:
        'A host name such as `shop.example.com`, optionally with a port (`localhost:8080`); no scheme or path. ' +
        'Stored lower-cased, an internationalised name in punycode. Unique in the account.',
    }),
    name: Type.Optional(Type.String({ maxLength: 100, description: 'Defaults to the host.' })),
    description: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type CreateWebsiteInput = Static<typeof CreateWebsiteBody>;
