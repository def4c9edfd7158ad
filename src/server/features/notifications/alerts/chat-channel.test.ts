import { describe, expect, it } from 'vitest';
import { chatChannelForm } from './chat-channel.ts';

describe('chatChannelForm', () => {
  it.each(['C0123ABCD', 'G01ABC', 'D0ABCDEF1', 'C1'])('%s is a channel id', (channel) => {
    expect(chatChannelForm(channel)).toBe('id');
  });

  it.each(['#general', '#ops-alerts', '#team_2', `#${'a'.repeat(80)}`])('%s is a channel name', (channel) => {
    expect(chatChannelForm(channel)).toBe('name');
  });

  it.each([
    'general',
    'c0123abcd',
    'U0123ABCD',
    'C-OPS',
    'C',
    '#',
    '#General',
    '#ops alerts',
    '# ops',
    '#ops!',
    ` C0123ABCD`,
    'C0123ABCD ',
    `#${'a'.repeat(81)}`,
    '##ops',
  ])('%j is neither', (channel) => {
    expect(chatChannelForm(channel)).toBeNull();
  });
});
