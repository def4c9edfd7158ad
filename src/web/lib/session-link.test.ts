// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sessionRouteOf } from './session-link.ts';

describe('sessionRouteOf', () => {
  it("keeps the session's path and moment, not the host", () => {
    expect(sessionRouteOf('https://analytics.example.com/sessions/ses_1?t=58')).toBe('/sessions/ses_1?t=58');
  });
});
