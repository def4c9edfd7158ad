import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../api/client/types.gen.ts';
import { visitorIdentities } from './visitor-identities.ts';

function sessionOf(visitor: Partial<Session['visitor']> & { id: string }): Session {
  return {
    visitor: {
      ip: '',
      geolocation: { country_code: '', city: '', region: '' },
      name: '',
      email: '',
      email_hash: '',
      params: [],
      first_session_timestamp: 100,
      last_session_timestamp: 200,
      ...visitor,
    },
  } as Session;
}

describe('visitorIdentities', () => {
  it('finds each visitor id behind an e-mail, newest first, with the newest details', () => {
    const identities = visitorIdentities([
      sessionOf({ id: 'phone', name: 'Ana Lima', email: 'ana@example.com', last_session_timestamp: 900 }),
      sessionOf({ id: 'laptop', name: '', email: 'ana@example.com', first_session_timestamp: 50 }),
      sessionOf({
        id: 'phone',
        name: 'Ana',
        email: 'ana@example.com',
        first_session_timestamp: 10,
        params: [{ name: 'plan', value: 'free' }],
      }),
    ]);
    expect(identities).toEqual([
      { id: 'phone', name: 'Ana Lima', email: 'ana@example.com', params: [], firstSeen: 10, lastSeen: 900 },
      { id: 'laptop', name: null, email: 'ana@example.com', params: [], firstSeen: 50, lastSeen: 200 },
    ]);
  });

  it('finds nobody in no sessions', () => {
    expect(visitorIdentities([])).toEqual([]);
  });
});
