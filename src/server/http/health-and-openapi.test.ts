import { expect, it } from 'vitest';
import { describeApi } from '../test/harness.ts';

const OPERATIONS: Record<string, [method: string, path: string]> = {
  createAlert: ['post', '/v1/alerts'],
  updateAlert: ['put', '/v1/alerts/{id}'],
  listAlerts: ['get', '/v1/alerts'],
  deleteAlert: ['delete', '/v1/alerts/{id}'],
  createWebhook: ['post', '/v1/webhooks'],
  updateWebhook: ['put', '/v1/webhooks/{id}'],
  listWebhooks: ['get', '/v1/webhooks'],
  deleteWebhook: ['delete', '/v1/webhooks/{id}'],
  listWebsites: ['get', '/v1/websites'],
  getSessions: ['get', '/v1/sessions'],
};

describeApi('HTTP conventions', (ctx) => {
  it('answers /healthz and /readyz with 200 without credentials', async () => {
    for (const url of ['/healthz', '/readyz']) {
      for (const headers of [{}, { authorization: 'Bearer sa_garbage' }]) {
        const response = await ctx().app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(200);
        expect(response.json(), url).toEqual({ status: 'ok' });
      }
    }
  });

  it('serves an OpenAPI 3.1 document with every operation and the bearer scheme', async () => {
    const response = await ctx().app.inject({ method: 'GET', url: '/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    interface OpenApiOperation {
      operationId?: string;
      security?: Record<string, string[]>[];
      parameters?: { name: string; in: string }[];
    }
    const document = response.json<{
      openapi: string;
      info: { title: string; version: string };
      paths: Record<string, Record<string, OpenApiOperation>>;
      components: { securitySchemes: Record<string, { type: string; scheme?: string }> };
    }>();
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title.length).toBeGreaterThan(0);

    const found: Record<string, [string, string]> = {};
    const operations: Record<string, OpenApiOperation> = {};
    for (const [pathName, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (operation.operationId) {
          found[operation.operationId] = [method, pathName];
          operations[operation.operationId] = operation;
        }
      }
    }
    // Every operation of the contract, at its method and path (the service may document more besides).
    expect(found).toMatchObject(OPERATIONS);

    const schemes = Object.entries(document.components.securitySchemes);
    const bearer = schemes.find(([, scheme]) => scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer');
    expect(bearer).toBeDefined();
    for (const operationId of Object.keys(OPERATIONS)) {
      expect(operations[operationId]?.security, operationId).toContainEqual({ [bearer?.[0] ?? '']: [] });
    }
    const sessionParameters = (operations.getSessions?.parameters ?? [])
      .filter((parameter) => parameter.in === 'query')
      .map((parameter) => parameter.name);
    expect(sessionParameters).toEqual(
      expect.arrayContaining(['page', 'size', 'email', 'visitor_id', 'tz', 'date_from', 'date_to']),
    );
    expect(response.body).toContain('engagment_score');
  });

  it('documents a query parameter with a default as optional, and answers without it', async () => {
    const document = (await ctx().app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<{
      paths: Record<
        string,
        Record<
          string,
          { parameters?: { name: string; in: string; required?: boolean; schema?: { default?: unknown } }[] }
        >
      >;
    }>();
    const defaulted: string[] = [];
    for (const [pathName, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in !== 'query' || parameter.schema?.default === undefined) continue;
          defaulted.push(`${method} ${pathName} ${parameter.name}`);
          expect(parameter.required, `${method} ${pathName} ${parameter.name}`).not.toBe(true);
        }
      }
    }
    expect(defaulted).toEqual(
      expect.arrayContaining([
        'get /v1/sessions page',
        'get /v1/sessions size',
        'get /v1/visitors/search limit',
        'get /v1/sessions/values limit',
      ]),
    );
    // A parameter without a default that the operation needs stays required.
    const search = document.paths['/v1/visitors/search']?.get?.parameters ?? [];
    expect(search.find((parameter) => parameter.name === 'q')?.required).toBe(true);

    const { token } = await ctx().newAccount();
    const response = await ctx().request(token, { method: 'GET', url: '/v1/sessions' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ total: 0, sessions: [] });
  });

  it('serves the API reference as HTML at /docs', async () => {
    let url = '/docs';
    let response = await ctx().app.inject({ method: 'GET', url });
    for (let hops = 0; response.statusCode >= 300 && response.statusCode < 400 && hops < 5; hops++) {
      const location = String(response.headers.location);
      url = new URL(location, `http://localhost${url}`).pathname;
      response = await ctx().app.inject({ method: 'GET', url });
    }
    expect(response.statusCode, url).toBe(200);
    expect(['/docs', '/docs/', '/docs/static/index.html']).toContain(url);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toMatch(/<html/i);
  });
});
