import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toApiError } from './api-error.ts';

/**
 * Puts a server validation error on the field its `param` names (`events.0.value` works as is with
 * react-hook-form's dotted paths). Returns false when no field of the form matches, so the caller shows
 * the error above the form instead.
 */
export function applyServerError<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly string[],
): boolean {
  const apiError = toApiError(error);
  const param = apiError.param;
  if (!param || apiError.status !== 400) return false;
  const root = param.split('.')[0] ?? param;
  if (!fields.includes(root)) return false;
  setError(param as Path<Values>, { type: 'server', message: apiError.message }, { shouldFocus: true });
  return true;
}
