import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { toApiError } from '../../lib/api-error.ts';

/** Shows a failure as people need it: what went wrong, and the request id to quote to support. */
export function ApiErrorAlert({
  error,
  title = 'Something went wrong',
  onClose,
}: {
  error: unknown;
  title?: string;
  /** Shows a close button, for errors people dismiss (in a snackbar, say). */
  onClose?: () => void;
}) {
  const apiError = toApiError(error);
  return (
    <Alert severity="error" role="alert" onClose={onClose}>
      <AlertTitle>{title}</AlertTitle>
      {apiError.message}
      {apiError.requestId ? (
        <>
          {' '}
          (request id <code>{apiError.requestId}</code>)
        </>
      ) : null}
    </Alert>
  );
}
