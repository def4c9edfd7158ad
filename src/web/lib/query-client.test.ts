import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { createQueryClient } from './query-client.ts';

const unauthenticated = () =>
  new ApiError({ status: 401, type: 'authentication_error', code: 'unauthenticated', message: 'Sign in' });

describe('createQueryClient', () => {
  it('sends people to sign in when a request finds them signed out, but leaves who is signed in to the pages', async () => {
    const onUnauthenticated = vi.fn();
    const client = createQueryClient(onUnauthenticated);

    await expect(
      client.fetchQuery({ queryKey: ['me'], queryFn: () => Promise.reject(unauthenticated()) }),
    ).rejects.toThrow('Sign in');
    expect(onUnauthenticated).not.toHaveBeenCalled();

    await expect(
      client.fetchQuery({ queryKey: ['sessions'], queryFn: () => Promise.reject(unauthenticated()) }),
    ).rejects.toThrow('Sign in');
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);

    const failing = new ApiError({ status: 500, type: 'api_error', code: 'internal', message: 'Broken' });
    await expect(
      client.fetchQuery({ queryKey: ['websites'], queryFn: () => Promise.reject(failing), retry: false }),
    ).rejects.toThrow('Broken');
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });
});
