import CloseIcon from '@mui/icons-material/Close';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useId, useState } from 'react';

/**
 * Filters in a panel; on phones they fold into a sheet from the bottom, opened by a button that says how many
 * are on. Each change applies at once, so the sheet only needs closing.
 */
export function FiltersPanel({ activeCount, children }: { activeCount: number; children: ReactNode }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (!phone) {
    return (
      <Paper variant="outlined" role="group" aria-label="Filters" sx={{ p: 2, mb: 2 }}>
        {children}
      </Paper>
    );
  }
  const close = () => setOpen(false);
  return (
    <>
      <Button
        variant="outlined"
        fullWidth
        startIcon={<FilterListIcon />}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        sx={{ mb: 1, justifyContent: 'flex-start' }}
      >
        Filters{activeCount > 0 ? ` (${activeCount})` : ''}
      </Button>
      <Drawer
        anchor="bottom"
        open={open}
        onClose={close}
        // Kept mounted so a filter typed just before closing still applies once typing counts as paused.
        keepMounted
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-modal': true,
            'aria-labelledby': titleId,
            sx: { maxHeight: '90dvh', borderTopLeftRadius: 12, borderTopRightRadius: 12 },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5, pb: 1 }}>
          <Typography variant="h6" component="h2" id={titleId} sx={{ flex: 1 }}>
            Filters
          </Typography>
          <IconButton onClick={close} aria-label="Close filters">
            <CloseIcon />
          </IconButton>
        </Box>
        <Box sx={{ px: 2, pb: 1, overflowY: 'auto' }}>{children}</Box>
        <Box sx={{ p: 2, pt: 1 }}>
          <Button variant="contained" fullWidth onClick={close}>
            Show sessions
          </Button>
        </Box>
      </Drawer>
    </>
  );
}
