import type { Scope } from '../../api/schemas/common.ts';
import { errorResponses } from '../../api/schemas/common.ts';

/** The OpenAPI part every authenticated operation shares: tag, id, scope note, bearer security and error responses. */
export function operation<Success extends Record<number, unknown>>(options: {
  tag: string;
  operationId: string;
  summary: string;
  scope: Scope;
  description?: string;
  success: Success;
}) {
  return {
    tags: [options.tag],
    operationId: options.operationId,
    summary: options.summary,
    description: [options.description, `Requires the \`${options.scope}\` scope.`].filter(Boolean).join('\n\n'),
    security: [{ bearerAuth: [] }],
    response: { ...errorResponses, ...options.success },
  };
}
