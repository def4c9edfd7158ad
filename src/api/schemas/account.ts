import { Type, type Static } from 'typebox';

const ipTruncation = Type.Boolean({
  description:
    "Store visitors' addresses truncated: the /24 network for IPv4, the /48 for IPv6. Locations are still " +
    'looked up from the full address, before it is truncated. Applies to sessions recorded from then on.',
});

/** The account's settings; new settings are added as further properties. */
export const AccountSettings = Type.Object(
  {
    account_id: Type.String(),
    name: Type.String(),
    ip_truncation: ipTruncation,
  },
  { $id: 'AccountSettings' },
);

/** A partial update: only the settings present change. */
export const UpdateAccountSettingsBody = Type.Object(
  { ip_truncation: Type.Optional(ipTruncation) },
  { additionalProperties: false, minProperties: 1 },
);

export type AccountSettingsResource = Static<typeof AccountSettings>;
export type UpdateAccountSettingsInput = Static<typeof UpdateAccountSettingsBody>;
