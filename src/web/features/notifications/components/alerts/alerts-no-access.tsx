import { NoAccess } from '../../../../components/feedback/no-access.tsx';

/** For people whose role cannot read alerts (support): the page says so instead of failing. */
export function AlertsNoAccess() {
  return (
    <NoAccess title="Alerts">Your role can’t view alerts. Ask an admin of your account if you need them.</NoAccess>
  );
}
