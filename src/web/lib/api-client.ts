import { client } from '../../api/client/client.gen.ts';
import { toApiError } from './api-error.ts';

/** Points the generated client at this origin, with the sign-in cookie, and makes every failure an ApiError. */
export function configureApiClient(): void {
  client.setConfig({ baseUrl: '', credentials: 'same-origin' });
  client.interceptors.error.use((error, response) => toApiError(error, response));
}
