import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useMeQuery, usePermissions } from '../../../lib/api/me-query.ts';
import { PeopleSection } from './people-section.tsx';
import { PrivacySection } from './privacy-section.tsx';
import { TokensSection } from './tokens-section.tsx';
import { WebsitesSection } from './websites-section.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const TABS = [
  { value: 'tokens', label: 'API tokens' },
  { value: 'people', label: 'People' },
  { value: 'websites', label: 'Websites' },
  { value: 'privacy', label: 'Privacy' },
] as const;
type SettingsTab = (typeof TABS)[number]['value'];

const SECTIONS: Record<SettingsTab, ComponentType> = {
  tokens: TokensSection,
  people: PeopleSection,
  websites: WebsitesSection,
  privacy: PrivacySection,
};

/** Account settings for admins; the open tab lives in the URL (`tab`), so it survives reloads and links. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const me = useMeQuery();
  const { can } = usePermissions();
  const [params, setParams] = useSearchParams();
  const tab: SettingsTab = TABS.find((item) => item.value === params.get('tab'))?.value ?? 'tokens';
  const Section = SECTIONS[tab];

  const heading = (
    <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
      Settings
    </Typography>
  );
  if (me.isPending) return <LinearProgress aria-label="Loading" />;
  if (!can('account:admin')) {
    return (
      <Box sx={{ maxWidth: 960 }}>
        {heading}
        <Alert severity="info">
          Settings are for admins. Ask an admin of your account to create API tokens, to add people or for a website’s
          tracker snippet.
        </Alert>
      </Box>
    );
  }
  return (
    <Box sx={{ maxWidth: 960 }}>
      {heading}
      <Tabs
        value={tab}
        onChange={(_event, next: SettingsTab) => {
          const nextParams = new URLSearchParams(params);
          nextParams.set('tab', next);
          setParams(nextParams);
        }}
        aria-label="Settings sections"
        variant="scrollable"
        scrollButtons="auto"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((item) => (
          <Tab
            key={item.value}
            value={item.value}
            label={item.label}
            id={`settings-tab-${item.value}`}
            aria-controls="settings-panel"
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${tab}`}>
        <Section />
      </Box>
    </Box>
  );
}
