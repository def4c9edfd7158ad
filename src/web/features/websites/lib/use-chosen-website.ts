import { useSearchParams } from 'react-router';
import { useWebsitesQuery } from '../../../lib/api/websites-query.ts';

const WEBSITE_PARAM = 'website_id';

/**
 * The website the app looks at, kept in the URL (`website_id`) so links keep it; '' is all websites. Choosing
 * another goes back to the first page of whatever is listed.
 */
export function useChosenWebsite() {
  const websites = useWebsitesQuery();
  const [params, setParams] = useSearchParams();
  const asked = params.get(WEBSITE_PARAM) ?? '';
  const chosen = websites.data?.find((website) => website.website_id === asked);
  const choose = (websiteId: string) => {
    const next = new URLSearchParams(params);
    if (websiteId) next.set(WEBSITE_PARAM, websiteId);
    else next.delete(WEBSITE_PARAM);
    next.delete('page');
    setParams(next);
  };
  return { websites: websites.data ?? [], chosenId: chosen?.website_id ?? '', chosenName: chosen?.name, choose };
}
