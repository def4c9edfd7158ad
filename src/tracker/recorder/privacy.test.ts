import { describe, expect, it } from 'vitest';
import { RECORDER_BUDGET_BYTES, buildRecorder, gzippedSize } from '../../../scripts/build-tracker.ts';
import { stripQueryParams } from './privacy.ts';
import { scrubEventUrls } from './url-scrubber.ts';

const PARAMS = ['token', 'password', 'secret', 'key', 'code'];

describe('recorded URLs', () => {
  it('lose the listed query parameters, whatever their case, and keep the rest', () => {
    expect(stripQueryParams('https://shop.example.com/reset?Token=abc&page=2&code=9#top', PARAMS)).toBe(
      'https://shop.example.com/reset?page=2#top',
    );
    expect(stripQueryParams('not a url?token=1', PARAMS)).toBe('not a url?token=1');
    expect(stripQueryParams('https://shop.example.com/', PARAMS)).toBe('https://shop.example.com/');
  });

  it('are scrubbed in meta events, snapshots and attribute mutations', () => {
    const meta = { type: 4, data: { href: 'https://shop.example.com/?secret=s&q=1', width: 1, height: 1 } };
    scrubEventUrls(meta, PARAMS);
    expect(meta.data.href).toBe('https://shop.example.com/?q=1');

    const snapshot = {
      type: 2,
      data: {
        node: {
          childNodes: [{ attributes: { href: 'https://shop.example.com/a?key=k', class: 'x?key=k' }, childNodes: [] }],
        },
      },
    };
    scrubEventUrls(snapshot, PARAMS);
    expect(snapshot.data.node.childNodes[0]?.attributes).toEqual({
      href: 'https://shop.example.com/a',
      class: 'x?key=k',
    });

    const mutation = {
      type: 3,
      data: {
        source: 0,
        adds: [],
        attributes: [{ id: 3, attributes: { src: 'https://cdn.example.com/i.png?password=p' } }],
      },
    };
    scrubEventUrls(mutation, PARAMS);
    expect(mutation.data.attributes[0]?.attributes.src).toBe('https://cdn.example.com/i.png');
  });
});

describe('r.js', () => {
  it('stays within its size budget', async () => {
    expect(gzippedSize(await buildRecorder())).toBeLessThanOrEqual(RECORDER_BUDGET_BYTES);
  });
});
