/**
 * The readable companion of the httpOnly sign-in cookie: set and cleared with it by the server, holding no
 * secret, so the dashboard knows whether asking who is signed in can succeed.
 */
export const SIGNED_IN_COOKIE = 'sa_signed_in';
