import type { ErrorEnvelope } from '../../api/client/types.gen.ts';

/** Every failed API call, whatever went wrong, reaches pages as one of these. */
export class ApiError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string;
  readonly param: string | undefined;
  readonly requestId: string | undefined;

  constructor(options: {
    status: number;
    type: string;
    code: string;
    message: string;
    param?: string;
    requestId?: string;
  }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.type = options.type;
    this.code = options.code;
    this.param = options.param;
    this.requestId = options.requestId;
  }
}

function isEnvelope(value: unknown): value is ErrorEnvelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    'error' in value &&
    typeof (value as ErrorEnvelope).error?.code === 'string'
  );
}

/** Turns whatever the HTTP client produced (an envelope, a network failure, odd text) into an ApiError. */
export function toApiError(error: unknown, response?: Response): ApiError {
  if (error instanceof ApiError) return error;
  if (isEnvelope(error)) {
    return new ApiError({
      status: error.error.http_status_code,
      type: error.error.type,
      code: error.error.code,
      message: error.error.message,
      param: error.error.param,
      requestId: error.error.request_id,
    });
  }
  const requestId = response?.headers.get('x-request-id') ?? undefined;
  if (response) {
    return new ApiError({
      status: response.status,
      type: 'api_error',
      code: 'unexpected_response',
      message: `The server answered ${response.status}`,
      requestId,
    });
  }
  return new ApiError({
    status: 0,
    type: 'network_error',
    code: 'network_error',
    message: 'The server could not be reached. Check your connection and try again.',
  });
}
