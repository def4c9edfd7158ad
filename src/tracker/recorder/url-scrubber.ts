import { stripQueryParams, stripTreeUrls } from './privacy.ts';

// rrweb event types and incremental sources this touches (from @rrweb/types, as plain numbers).
const FULL_SNAPSHOT = 2;
const INCREMENTAL = 3;
const META = 4;
const MUTATION = 0;

interface LooseEvent {
  type: number;
  data: Record<string, unknown>;
}

/** Removes the listed query parameters from the URLs an rrweb event carries, in place. */
export function scrubEventUrls(event: LooseEvent, params: readonly string[]): void {
  if (params.length === 0) return;
  const data = event.data;
  if (event.type === META && typeof data.href === 'string') data.href = stripQueryParams(data.href, params);
  if (event.type === FULL_SNAPSHOT) stripTreeUrls(data.node as Parameters<typeof stripTreeUrls>[0], params);
  if (event.type === INCREMENTAL && data.source === MUTATION) {
    for (const added of (data.adds as { node: Parameters<typeof stripTreeUrls>[0] }[] | undefined) ?? [])
      stripTreeUrls(added.node, params);
    for (const change of (data.attributes as { attributes: Record<string, unknown> }[] | undefined) ?? []) {
      stripTreeUrls({ attributes: change.attributes }, params);
    }
  }
}
