import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import openapi from '../../api/openapi.json' with { type: 'json' };
import { describeApi } from '../test/harness.ts';
import { sendRaw } from '../test/api-requests.ts';
import { expectError } from '../test/api-responses.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.ts';
import { assertNoNulCharacters } from './validation.ts';

const nested = (depth: number, inner = '') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
const ingestBody = (depth: number) => `{"key":${nested(depth - 1)}}`;

describeApi('bodies nested deeper than any schema', (ctx) => {
  it('refuses 8,000 levels on /v1/ingest, as text/plain or JSON, with a 400 before the key is looked at', async () => {
    for (const contentType of ['text/plain', 'application/json']) {
      const response = await sendRaw(ctx(), null, 'POST', '/v1/ingest', ingestBody(8000), contentType);
      expect(expectError(response, 400, { type: 'validation_error', code: 'too_deep' }).message).toContain(
        String(MAX_JSON_DEPTH),
      );
    }
  });

  it('refuses one level past the limit, and lets the limit itself through to the schema', async () => {
    const over = await sendRaw(ctx(), null, 'POST', '/v1/ingest', ingestBody(MAX_JSON_DEPTH + 1), 'text/plain');
    expectError(over, 400, { type: 'validation_error', code: 'too_deep' });
    const at = await sendRaw(ctx(), null, 'POST', '/v1/ingest', ingestBody(MAX_JSON_DEPTH), 'text/plain');
    expect(at.statusCode).toBe(400);
    expect(at.json<{ error: { code: string } }>().error.code).not.toBe('too_deep');
  });

  it('refuses deep bodies on signed-in routes too', async () => {
    const account = await ctx().newAccount();
    const response = await sendRaw(
      ctx(),
      account.token,
      'POST',
      '/v1/alerts',
      `{"name":${nested(5000)}}`,
      'application/json',
    );
    expectError(response, 400, { type: 'validation_error', code: 'too_deep' });
  });

  it('measures a body sent in chunks of unknown length', async () => {
    const chunks = ingestBody(4000).match(/.{1,7}/g) ?? [];
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/v1/ingest',
      headers: { 'content-type': 'text/plain', 'transfer-encoding': 'chunked' },
      payload: Readable.from(chunks),
    });
    expectError(response, 400, { type: 'validation_error', code: 'too_deep' });
  });

  it('keeps a deep body over the size limit a 413', async () => {
    const response = await sendRaw(ctx(), null, 'POST', '/v1/ingest', ingestBody(40_000), 'text/plain');
    expectError(response, 413, { type: 'validation_error', code: 'body_too_large' });
  });

  it('does not count brackets inside strings, escaped quotes included', async () => {
    const key = `\\"${'['.repeat(50)}{{{{`;
    const response = await sendRaw(ctx(), null, 'POST', '/v1/ingest', `{"key":"${key}","events":[]}`, 'text/plain');
    expect(response.statusCode).not.toBe(500);
    expect(response.json<{ error: { code: string } }>().error.code).not.toBe('too_deep');
  });

  it('answers bracketed query keys as unknown parameters, however many brackets', async () => {
    const account = await ctx().newAccount();
    const response = await ctx().request(account.token, {
      method: 'GET',
      url: `/v1/sessions?a${'[b]'.repeat(3000)}=1`,
    });
    expectError(response, 400, { type: 'validation_error', code: 'unknown_parameter' });
  });
});

function schemaDepth(schema: unknown, components: Record<string, unknown>): number {
  if (!schema || typeof schema !== 'object') return 0;
  const node = schema as Record<string, unknown>;
  if (typeof node.$ref === 'string') return schemaDepth(components[node.$ref.split('/').pop() ?? ''], components);
  const types = ([] as unknown[]).concat(node.type);
  const own = types.includes('object') || types.includes('array') ? 1 : 0;
  const children = [
    ...Object.values((node.properties ?? {}) as object),
    ...Object.values((node.patternProperties ?? {}) as object),
    node.items,
    node.additionalProperties,
    ...((node.anyOf ?? []) as unknown[]),
    ...((node.oneOf ?? []) as unknown[]),
    ...((node.allOf ?? []) as unknown[]),
  ];
  return own + Math.max(0, ...children.map((child) => schemaDepth(child, components)));
}

describe('the nesting limit', () => {
  it('is at least as deep as the deepest request body the API document describes', () => {
    const components = openapi.components.schemas as Record<string, unknown>;
    const depths = Object.values(
      openapi.paths as Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >,
    )
      .flatMap((operations) => Object.values(operations))
      .flatMap((operation) => Object.values(operation.requestBody?.content ?? {}))
      .map((content) => schemaDepth(content.schema, components));
    expect(Math.max(...depths)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...depths)).toBeLessThanOrEqual(MAX_JSON_DEPTH);
  });

  it('skips brackets in strings, escaped quotes and backslashes included', () => {
    expect(nestsDeeperThan('[{"a\\"[[[": "\\\\", "b": [1]}]', 2)).toBe(true);
    expect(nestsDeeperThan('[{"a\\"[[[": "\\\\", "b": 1}]', 2)).toBe(false);
    expect(nestsDeeperThan('[{"a": "[[[\\\\"}, [], {}]', 2)).toBe(false);
  });

  it('finds NUL characters in values nested far deeper than the call stack allows', () => {
    let value: unknown = 'a\u0000b';
    for (let level = 0; level < 100_000; level += 1) value = [value];
    expect(() => assertNoNulCharacters({ params: {}, query: {}, body: value })).toThrow(/NUL/);
  });
});
