import { describe, expect, it } from 'vitest';
import { webhookUrlSchema } from './webhook-form.ts';

const problem = (url: string) => webhookUrlSchema.safeParse(url).error?.issues[0]?.message;

describe('webhook URL rule', () => {
  it('takes an absolute https or http address, trimmed as the server trims it', () => {
    expect(webhookUrlSchema.parse('  https://hooks.example.com/alerts ')).toBe('https://hooks.example.com/alerts');
    // Plain http passes here; only a server set up to accept it takes it, and says so on the field otherwise.
    expect(webhookUrlSchema.parse('http://hooks.example.com/alerts')).toBe('http://hooks.example.com/alerts');
  });

  it('refuses what the server always refuses, with one message for each reason', () => {
    expect(problem('   ')).toBe('Enter the address that should receive alerts');
    expect(problem('hooks.example.com/alerts')).toBe('Enter a full address, such as https://hooks.example.com/alerts');
    expect(problem('ftp://hooks.example.com/alerts')).toBe(
      'Enter a full address, such as https://hooks.example.com/alerts',
    );
    expect(problem('https://ana:secret@hooks.example.com/alerts')).toBe(
      'Leave out the user name and password: deliveries are signed with the webhook’s secret',
    );
    expect(problem(`https://hooks.example.com/${'a'.repeat(2048)}`)).toBe('Use an address of at most 2048 characters');
  });
});
