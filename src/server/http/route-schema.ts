import type { Permission } from '../../api/schemas/common.ts';
import { Type } from 'typebox';
import { errorResponses } from '../../api/schemas/common.ts';

/** Routes without query parameters still refuse unknown ones. */
export const NoQuery = Type.Object({}, { additionalProperties: false });

/** The OpenAPI part every authenticated operation shares: tag, id, scope note, token security and error responses. */
export function operation<Success extends Record<number, unknown>>(options: {
  tag: string;
  operationId: string;
  summary: string;
  scope: Permission;
  description?: string;
  success: Success;
}) {
  return {
    tags: [options.tag],
    operationId: options.operationId,
    summary: options.summary,
    description: [
      options.description,
      options.scope === 'account:admin'
        ? 'Admins only, signed in to the dashboard.'
        : `Requires the \`${options.scope}\` scope.`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    querystring: NoQuery,
    security: (options.scope === 'account:admin'
      ? [{ cookieAuth: [] }]
      : [{ bearerAuth: [] }, { cookieAuth: [] }, { apiKeyAuth: [] }]) as Record<string, string[]>[],
    response: { ...errorResponses, ...options.success },
  };
}
