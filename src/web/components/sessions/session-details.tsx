import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useDeferredValue } from 'react';
import type { Session } from '../../../api/client/types.gen.ts';
import { DetailSection, type DetailItem } from './session-detail-section.tsx';
import { SessionLinks } from './session-links.tsx';
import { countryName, formatDuration, formatScore, formatTimestamp } from './session-format.ts';

/** Visitor, timing, pages and events: what people open a session for, and about a screenful. */
const FIRST_SCREEN_SECTIONS = 4;

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const versioned = (name: string, version: string) => [name, version].filter(Boolean).join(' ');

interface SessionDetailsProps {
  session: Session;
  timeZone: string;
  /** The level of the section headings, so they follow the page's own heading. */
  headingLevel: 2 | 3;
  /** Offer a link to the session's own page (not needed on that page). */
  showSessionPageLink?: boolean;
}

/** Every field of a session, grouped the way people look for them. */
export function SessionDetails({ session, timeZone, headingLevel, showSessionPageLink = false }: SessionDetailsProps) {
  // The first sections fill the first screen; the others render just after it is painted, so opening a
  // session shows something at once rather than after the whole record is laid out.
  const belowTheFold = useDeferredValue(true, false);
  const { visitor } = session;
  const at = (seconds: number) => formatTimestamp(seconds, timeZone);
  const sections: [string, DetailItem[]][] = [
    [
      'Visitor',
      [
        ['Name', visitor.name],
        ['E-mail', visitor.email],
        ['Visitor id', <code key="id">{visitor.id}</code>],
        ['First session of visitor', yesNo(session.visitor_first_session)],
        ['First seen', at(visitor.first_session_timestamp)],
        ['Last seen', at(visitor.last_session_timestamp)],
        ['E-mail hash', visitor.email_hash],
        ...visitor.params.map((param): DetailItem => [`Param: ${param.name}`, param.value]),
      ],
    ],
    [
      'Timing',
      [
        ['Started', at(session.creation_timestamp)],
        ['Ended', at(session.end_timestamp)],
        ['Duration', formatDuration(session.duration)],
        ['Active time', formatDuration(session.active_time)],
        ['Last event', at(session.last_event_timestamp)],
        ['Recording expires', at(session.expiration_timestamp)],
      ],
    ],
    [
      'Pages and URLs',
      [
        ['Start URL', session.start_url],
        ['End URL', session.end_url],
        ['Referrer', session.referrer || 'Direct'],
        ['Page views', session.page_views_statistics.count],
        ['Last seen page view', session.last_seen_page_view_id],
      ],
    ],
    [
      'Events',
      [
        ['Clicks', session.events_statistics.clicks],
        ['Rage clicks', session.events_statistics.rage_clicks],
        ['Error clicks', session.events_statistics.error_clicks],
        ['Error logs', session.events_statistics.error_logs],
        ['Network errors', session.events_statistics.net_errors],
        ['Engagement score', `${formatScore(session.engagment_score)} of 100`],
      ],
    ],
    [
      'Device',
      [
        ['Device', session.device],
        ['Operating system', versioned(session.os.name, session.os.version)],
        ['Browser', versioned(session.browser.name, session.browser.version)],
        ['Browser description', session.browser.description],
        ['Screen resolution', session.resolution.resolution],
      ],
    ],
    [
      'Location',
      [
        ['Country', countryName(visitor.geolocation.country_code)],
        ['Region', visitor.geolocation.region],
        ['City', visitor.geolocation.city],
        ['IP address', visitor.ip],
      ],
    ],
    [
      'Campaign (UTM)',
      [
        ['Source', session.utm.source],
        ['Medium', session.utm.medium],
        ['Campaign', session.utm.campaign],
        ['Term', session.utm.term],
        ['Content', session.utm.content],
      ],
    ],
    [
      'Session',
      [
        ['Session id', <code key="id">{session.id}</code>],
        ['Website id', session.website_id],
        ['Product', session.product],
        ['Seen in the dashboard', yesNo(session.seen)],
        [
          'Tags',
          session.tags.length ? (
            <Box key="tags" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {session.tags.map((tag) => (
                <Chip key={tag} label={tag} size="small" variant="outlined" />
              ))}
            </Box>
          ) : null,
        ],
      ],
    ],
  ];
  return (
    <div>
      <SessionLinks session={session} timeZone={timeZone} showSessionPageLink={showSessionPageLink} />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', lg: showSessionPageLink ? '1fr' : '1fr 1fr' },
          columnGap: 4,
        }}
      >
        {(belowTheFold ? sections : sections.slice(0, FIRST_SCREEN_SECTIONS)).map(([title, items]) => (
          <DetailSection key={title} title={title} headingLevel={headingLevel} items={items} />
        ))}
      </Box>
    </div>
  );
}
