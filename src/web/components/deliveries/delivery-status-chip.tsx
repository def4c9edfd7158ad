import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineOutlinedIcon from '@mui/icons-material/ErrorOutlineOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import type { Delivery } from '../../../api/client/types.gen.ts';

const STATUS: Record<
  Delivery['status'],
  { label: string; color: 'success' | 'default' | 'error'; icon: ReactElement }
> = {
  delivered: { label: 'Delivered', color: 'success', icon: <CheckCircleOutlinedIcon /> },
  pending: { label: 'Pending', color: 'default', icon: <ScheduleIcon /> },
  failed: { label: 'Failed', color: 'error', icon: <ErrorOutlineOutlinedIcon /> },
};

/** A message's state in words and an icon, so it never rests on color alone. */
export function DeliveryStatusChip({ status }: { status: Delivery['status'] }) {
  const { label, color, icon } = STATUS[status];
  return <Chip size="small" variant="outlined" label={label} color={color} icon={icon} />;
}
