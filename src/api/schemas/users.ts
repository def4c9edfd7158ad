import { Type, type Static } from 'typebox';
import { ROLES } from './common.ts';

const email = Type.String({ minLength: 3, maxLength: 254, format: 'email' });
const name = Type.String({ minLength: 1, maxLength: 100 });
const role = Type.Enum(ROLES, {
  description:
    'admin: everything; analyst: read sessions, alerts, webhooks and websites; support: read sessions and websites.',
});

export const User = Type.Object(
  {
    user_id: Type.String(),
    email: Type.String(),
    name: Type.String(),
    role,
    created_at: Type.Integer({ description: 'Unix seconds.' }),
  },
  { $id: 'User' },
);
export const UserList = Type.Array(Type.Ref('User'));

export const CreateUserBody = Type.Object({ email, name: Type.Optional(name), role }, { additionalProperties: false });
export const UpdateUserBody = Type.Object(
  { name: Type.Optional(name), role: Type.Optional(role) },
  { additionalProperties: false },
);
const passwordLinkFields = {
  set_password_url: Type.String({
    description:
      'A one-time link with which the person sets their password; shown this once, to pass on. It works once, for 7 days, and a newer link replaces it.',
  }),
  set_password_expires_at: Type.Integer({ description: 'Unix seconds.' }),
};
export const CreatedUser = Type.Object({ user: Type.Ref('User'), ...passwordLinkFields });
export const PasswordLink = Type.Object(passwordLinkFields);
/** Sets a password with a one-time link's secret (the part after `#token=`). */
export const SetPasswordBody = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 100 }),
    new_password: Type.String({
      minLength: 12,
      maxLength: 256,
      description: 'At least 12 characters; a long passphrase is best.',
    }),
  },
  { additionalProperties: false },
);
export const DeletedUser = Type.Object({ user_id: Type.String(), deleted: Type.Boolean() });

export const LoginBody = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 256 }) },
  { additionalProperties: false },
);

export const Me = Type.Object({
  account: Type.Object({ account_id: Type.String(), name: Type.String() }),
  user: Type.Union([Type.Ref('User'), Type.Null()], { description: 'The signed-in person; null for an API token.' }),
  token_name: Type.Union([Type.String(), Type.Null()]),
  permissions: Type.Array(Type.String(), { description: 'Scopes, plus account:admin for admins.' }),
});

export type UserResource = Static<typeof User>;
export type CreateUserInput = Static<typeof CreateUserBody>;
export type UpdateUserInput = Static<typeof UpdateUserBody>;
export type LoginInput = Static<typeof LoginBody>;
export type MeResource = Omit<Static<typeof Me>, 'user'> & { user: UserResource | null };

/** A person changes their own password: the current one proves it is them. */
export const ChangePasswordBody = Type.Object(
  {
    current_password: Type.String({ minLength: 1, maxLength: 256 }),
    new_password: Type.String({
      minLength: 12,
      maxLength: 256,
      description: 'At least 12 characters; a long passphrase is best.',
    }),
  },
  { additionalProperties: false },
);
export const PasswordChanged = Type.Object({
  changed: Type.Boolean(),
  other_sessions_signed_out: Type.Integer({ description: 'Sign-ins of this person on other browsers, now ended.' }),
});
