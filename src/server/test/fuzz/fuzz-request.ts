/**
 * One generated request per operation: schema-valid parts aimed at existing objects (to reach the
 * services), then, often, one hostile change to its path, query, body, content type or credentials.
 */
import fc from 'fast-check';
import type { FuzzWorld, Resource } from './fuzz-world.ts';
import { credentials } from './fuzz-credentials.ts';
import { type Part, bodyFor, contentTypeFor } from './fuzz-body.ts';
import { extraHeaders } from './extra-headers.ts';
import { hostilePathSegment, hostileString, safeEncode } from './hostile-values.ts';
import type { Operation, OperationParameter } from './openapi-operations.ts';
import { type Hints, valueFor } from './schema-values.ts';
import { worldHints } from './world-hints.ts';

export type Transport = 'inject' | 'fetch' | 'socket';

export interface FuzzRequest {
  operationId: string;
  method: string;
  /** Path and query, already in URL form. */
  url: string;
  headers: Record<string, string>;
  body?: string;
  transport: Transport;
  /** The client address inject reports (real sockets come from 127.0.0.1): per-address limits stay apart. */
  remoteAddress: string;
  /** What was made hostile, for the failure report. */
  mutations: string[];
  /** Sent with the admin's valid credentials to an operation that needs some. */
  authenticated: boolean;
  /** An empty body sent to an operation that takes none: a request without a body, whatever its content type. */
  emptyBodyWithoutSchema: boolean;
}

function resourceOf(path: string): Resource {
  return path.split('/')[2] as Resource;
}

function pathFor(operation: Operation, world: FuzzWorld): fc.Arbitrary<Part<string>> {
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
  if (names.length === 0) return fc.constant({ value: operation.path });
  const resource = resourceOf(operation.path);
  const own = (operation.method === 'DELETE' ? world.victims[resource] : undefined) ?? world.ids[resource] ?? [];
  const everyId = Object.values(world.ids).flat();
  const segment: fc.Arbitrary<Part<string>> = fc.oneof(
    {
      weight: 6,
      arbitrary: own.length > 0 ? fc.constantFrom(...own).map((value) => ({ value })) : fc.constant({ value: 'none' }),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...everyId, ...world.foreignIds)
        .map((value) => ({ value, mutation: 'id of another kind or account' })),
    },
    {
      weight: 2,
      arbitrary: hostilePathSegment.map((value) => ({ value, mutation: `hostile path segment ${value.slice(0, 40)}` })),
    },
  );
  return fc.array(segment, { minLength: names.length, maxLength: names.length }).map((segments) => {
    let path = operation.path;
    names.forEach((name, index) => {
      path = path.replace(`{${name}}`, segments[index]?.value ?? '');
    });
    return { value: path, mutation: segments.find((part) => part.mutation)?.mutation };
  });
}

function encodePair(name: string, value: unknown): string {
  return `${encodeURIComponent(name)}=${safeEncode(typeof value === 'string' ? value : JSON.stringify(value))}`;
}

const QUERY_MUTATIONS: ((parameter: string) => fc.Arbitrary<Part<string[]>>)[] = [
  () => fc.constant({ value: ['zz_unknown=1'], mutation: 'unknown query parameter' }),
  (name) => fc.constant({ value: [`${name}=1`, `${name}=2`], mutation: `repeated ${name}` }),
  (name) => fc.constant({ value: [`${name}[]=1`, `${name}[]=x`], mutation: `array-valued ${name}[]` }),
  (name) =>
    fc
      .constantFrom('%zz', '%', '%E0%A4%A', '%00', '%ED%A0%80')
      .map((bad) => ({ value: [`${name}=${bad}`], mutation: `bad encoding in ${name}` })),
  (name) => hostileString.map((value) => ({ value: [encodePair(name, value)], mutation: `hostile ${name}` })),
  (name) => fc.constant({ value: [`${name}=`], mutation: `empty ${name}` }),
  (name) => fc.constant({ value: [`${name}`], mutation: `${name} without =` }),
];

function queryFor(parameters: OperationParameter[], hints: Hints): fc.Arbitrary<Part<string>> {
  const query = parameters.filter((parameter) => parameter.in === 'query');
  const valid = fc.tuple(
    ...query.map((parameter) => {
      const value = valueFor(parameter.schema, hints, parameter.name).map((item) => encodePair(parameter.name, item));
      return parameter.required ? value : fc.option(value, { nil: undefined });
    }),
  );
  const names = query.length > 0 ? query.map((parameter) => parameter.name) : ['page'];
  const mutation = fc.oneof(
    fc.constant<Part<string[]>>({ value: [] }),
    fc.constantFrom(...names).chain((name) => fc.oneof(...QUERY_MUTATIONS.map((make) => make(name)))),
  );
  return fc
    .tuple(
      valid,
      fc.oneof(
        { weight: 3, arbitrary: fc.constant<Part<string[]>>({ value: [] }) },
        { weight: 1, arbitrary: mutation },
      ),
    )
    .map(([pairs, extra]) => {
      const all = [...pairs.filter((pair): pair is string => pair !== undefined), ...extra.value];
      return { value: all.length > 0 ? `?${all.join('&')}` : '', mutation: extra.mutation };
    });
}

/** Whether the body goes out typed as JSON or untyped (fetch types an untyped string body as text/plain). */
function sentAsJson(contentType: string | undefined, transport: Transport): boolean {
  return contentType === undefined ? transport !== 'fetch' : /^application\/json(;|$)/i.test(contentType);
}

/** Requests for `operation`, over the three transports. */
export function requestFor(operation: Operation, world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  const hints = worldHints(world, operation);
  const body = bodyFor(operation, hints);
  return fc
    .record({
      path: pathFor(operation, world),
      query: queryFor(operation.parameters, hints),
      payload: body.chain((part) => contentTypeFor(part !== undefined).map((contentType) => ({ part, contentType }))),
      auth: credentials(operation, world),
      extra: extraHeaders,
      remoteAddress: fc.ipV4(),
      transport: fc.constantFrom<Transport>('inject', 'inject', 'inject', 'fetch', 'fetch', 'socket'),
    })
    .map(({ path, query, payload, auth, extra, remoteAddress, transport }) => {
      const { part: bodyPart, contentType } = payload;
      const headers: Record<string, string> = { ...extra.value, ...auth.value };
      if (bodyPart !== undefined && contentType.value !== undefined) headers['content-type'] = contentType.value;
      const mutations = [
        path.mutation,
        query.mutation,
        bodyPart?.mutation,
        contentType.mutation,
        auth.mutation,
        extra.mutation,
      ].filter((mutation): mutation is string => mutation !== undefined);
      return {
        operationId: operation.operationId,
        method: operation.method,
        url: `${path.value}${query.value}`,
        headers,
        ...(bodyPart === undefined ? {} : { body: bodyPart.value }),
        transport,
        remoteAddress,
        mutations,
        authenticated: auth.valid === true && operation.security.length > 0,
        emptyBodyWithoutSchema:
          operation.body === undefined && bodyPart?.value === '' && sentAsJson(contentType.value, transport),
      };
    });
}
