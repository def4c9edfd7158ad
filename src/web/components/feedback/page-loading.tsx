import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** What the first paint shows while a page's code and data arrive. */
export function PageLoading() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
