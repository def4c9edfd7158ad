import { createIsbotFromList, list } from 'isbot';

/**
 * User-Agents that are recorded although `isbot` names them: browsers driven by automation
 * (headless Chrome runs the same tracker a person's Chrome does, and is how sites test and watch
 * themselves) and HTTP libraries a site's own server sends batches with. What is left of the list
 * are crawlers and scanners that say what they are.
 */
const RECORDED_AUTOMATION = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  'node',
  'node-fetch/1.0',
  'undici',
  'axios/1.7.0',
  'got (https://github.com/sindresorhus/got)',
  'curl/8.5.0',
  'Wget/1.21.3',
  'python-requests/2.32.3',
  'python-httpx/0.27.0',
  'Python-urllib/3.11',
  'Go-http-client/1.1',
  'okhttp/4.12.0',
  'Java/17.0.15',
  'PostmanRuntime/7.42.0',
  'Deno/2.1.0',
  'Bun/1.1.0',
];

const crawlerPatterns = list.filter(
  (pattern) => !RECORDED_AUTOMATION.some((userAgent) => new RegExp(pattern, 'i').test(userAgent)),
);

/** Whether a User-Agent is a crawler's: its batches are checked, then nothing of them is kept. */
export const isCrawler = createIsbotFromList(crawlerPatterns);
