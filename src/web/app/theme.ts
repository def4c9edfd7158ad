import { createTheme } from '@mui/material/styles';

/** Light and dark schemes as CSS variables, so switching (or following the system) never re-renders the tree. */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: { palette: { primary: { main: '#3949ab' }, secondary: { main: '#00897b' } } },
    dark: { palette: { primary: { main: '#9fa8da' }, secondary: { main: '#4db6ac' } } },
  },
  shape: { borderRadius: 8 },
  typography: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
});
