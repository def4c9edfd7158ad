import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text the service wrote itself (the sessions' JSON comes written by the database): fastify
 * sends a string of a JSON content type as it is, without the response schema's serializer. Whoever writes
 * the text answers for its shape; the route's schema still documents it.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}
