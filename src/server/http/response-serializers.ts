import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type SerializerFactory = NonNullable<NonNullable<SchemaController['compilersFactory']>['buildSerializer']>;
type Serializer = ReturnType<ReturnType<SerializerFactory>>;

// The factory fastify itself uses, resolved from fastify's own folder so it is the exact version fastify runs.
const fastifyRequire = createRequire(createRequire(import.meta.url).resolve('fastify'));
const { SerializerSelector } = fastifyRequire('@fastify/fast-json-stringify-compiler') as {
  SerializerSelector: () => SerializerFactory;
};
const compileWithFastJsonStringify = SerializerSelector();

// Keyed by the schema object, then the shared schemas' ids: route schemas are module constants, never mutated.
const compiled = new WeakMap<object, Map<string, Serializer>>();

/**
 * Every operation lists the same error envelope under ten statuses, so fastify's default would compile the
 * same serializer about ten times per route (most of start-up). Here a schema object is compiled once per
 * set of shared schemas; building the app again in the same process reuses them too.
 */
export const reusedSerializers: SchemaController = {
  compilersFactory: {
    buildSerializer(externalSchemas, serializerOptions) {
      const compile = compileWithFastJsonStringify(externalSchemas, serializerOptions);
      const key = JSON.stringify([Object.keys(externalSchemas ?? {}).sort(), serializerOptions ?? null]);
      return (route) => {
        if (typeof route.schema !== 'object' || route.schema === null) return compile(route);
        let bySharedSchemas = compiled.get(route.schema);
        if (!bySharedSchemas) compiled.set(route.schema, (bySharedSchemas = new Map()));
        let serializer = bySharedSchemas.get(key);
        if (!serializer) bySharedSchemas.set(key, (serializer = compile(route)));
        return serializer;
      };
    },
  },
};
