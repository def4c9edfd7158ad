import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HomePage } from './home-page.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <HomePage />
  </StrictMode>,
);
