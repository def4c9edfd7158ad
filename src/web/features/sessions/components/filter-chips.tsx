import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type Ref, useEffect, useRef, useState } from 'react';
import { withoutFilter, withValues } from '../lib/filter-draft.ts';
import {
  describeFilter,
  FILTER_DEFINITIONS,
  type FilterDefinition,
  isFilterOn,
  type SessionFilters,
} from '../lib/session-filters.ts';
import { FilterEditorDialog } from './filter-editor-dialog.tsx';
import { WebsiteFilterDialog, type WebsiteOption } from './website-filter-dialog.tsx';

/** The website filter: its value lives apart from the chips' because the app bar's switcher sets it too. */
export interface WebsiteFilter {
  websiteId: string;
  websites: readonly WebsiteOption[];
  onChange: (websiteId: string) => void;
}

interface FilterChipsProps {
  filters: SessionFilters;
  /**
   * Changes the filters that are on when the change is made, which may be newer than `filters` here (a
   * filter applied just before may not have rendered yet): each change keeps the others.
   */
  onChange: (change: (filters: SessionFilters) => SessionFilters) => void;
  website?: WebsiteFilter;
  /** The "Add filter" button, for focus to land on when every filter is cleared at once. */
  addRef?: Ref<HTMLButtonElement>;
}

/** The filters that are on, as chips (click to change, × to remove), and a menu of every other filter. */
export function FilterChips({ filters, onChange, website, addRef }: FilterChipsProps) {
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const [editing, setEditing] = useState<FilterDefinition | null>(null);
  const [editingWebsite, setEditingWebsite] = useState(false);
  const list = useRef<HTMLDivElement>(null);
  // A removed chip's place, and how many chips there were: once fewer are shown, focus moves to the chip now
  // in that place (or the last one, or "Add filter") instead of falling to the top of the page.
  const removed = useRef<{ index: number; count: number } | null>(null);
  const chips = () => [...(list.current?.querySelectorAll<HTMLElement>('[data-filter-chip]') ?? [])];
  const remove = (event: { currentTarget: Element }, apply: () => void) => {
    const shown = chips();
    const index = shown.findIndex((chip) => chip.contains(event.currentTarget));
    removed.current = { index: Math.max(0, index), count: shown.length };
    apply();
  };
  useEffect(() => {
    const pending = removed.current;
    const shown = chips();
    if (!pending || shown.length >= pending.count) return;
    removed.current = null;
    const next = shown[Math.min(pending.index, shown.length - 1)] ?? list.current?.querySelector('button');
    next?.focus();
  });
  const on = FILTER_DEFINITIONS.filter((definition) => isFilterOn(filters, definition));
  const off = FILTER_DEFINITIONS.filter((definition) => !isFilterOn(filters, definition));
  const chosenWebsite = website?.websites.find((option) => option.id === website.websiteId);
  // An id that is not one of the account's websites (a stale link) is shown as such, so it can be removed.
  const websiteLabel = website?.websiteId ? `Website: ${chosenWebsite?.name ?? website.websiteId}` : null;
  // Offered whenever no website is chosen, and disabled until the account's websites are known: an item
  // that appeared later would push every other one down under the pointer of someone about to click.
  const websiteOffered = website !== undefined && !website.websiteId;
  const websitesKnown = (website?.websites.length ?? 0) > 0;
  return (
    <Box
      ref={list}
      role="list"
      aria-label="Filters on"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mt: 1.5 }}
    >
      {website && websiteLabel ? (
        <Box role="listitem">
          <Chip
            label={websiteLabel}
            aria-label={websiteLabel}
            onClick={() => setEditingWebsite(true)}
            onDelete={(event) => remove(event, () => website.onChange(''))}
            data-filter-chip
            deleteIcon={<CancelIcon titleAccess={`Remove ${websiteLabel}`} />}
            color="primary"
            variant="outlined"
            sx={{ maxWidth: 360 }}
          />
        </Box>
      ) : null}
      {on.map((definition) => {
        const label = describeFilter(definition, filters);
        return (
          <Box role="listitem" key={definition.id}>
            <Chip
              label={label}
              aria-label={label}
              onClick={() => setEditing(definition)}
              onDelete={(event) => remove(event, () => onChange((current) => withoutFilter(current, definition)))}
              data-filter-chip
              // Named so it can be found and heard; with the chip focused, Backspace or Delete removes it too.
              deleteIcon={<CancelIcon titleAccess={`Remove ${label}`} />}
              color="primary"
              variant="outlined"
              sx={{ maxWidth: 360 }}
            />
          </Box>
        );
      })}
      <Box role="listitem">
        <Button
          ref={addRef}
          size="small"
          startIcon={<AddIcon />}
          aria-haspopup="menu"
          aria-expanded={menuAnchor !== null}
          onClick={(event) => setMenuAnchor(event.currentTarget)}
          disabled={off.length === 0 && !websiteOffered}
        >
          Add filter
        </Button>
      </Box>
      <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
        {websiteOffered ? (
          <MenuItem
            disabled={!websitesKnown}
            onClick={() => {
              setMenuAnchor(null);
              setEditingWebsite(true);
            }}
          >
            Website
          </MenuItem>
        ) : null}
        {off.map((definition) => (
          <MenuItem
            key={definition.id}
            onClick={() => {
              setMenuAnchor(null);
              setEditing(definition);
            }}
          >
            {definition.label}
          </MenuItem>
        ))}
      </Menu>
      {editing ? (
        <FilterEditorDialog
          key={editing.id}
          definition={editing}
          filters={filters}
          websiteId={website?.websiteId || undefined}
          onClose={() => setEditing(null)}
          onApply={(values) => {
            setEditing(null);
            onChange((current) => withValues(current, values));
          }}
        />
      ) : null}
      {website && editingWebsite ? (
        <WebsiteFilterDialog
          websites={website.websites}
          value={website.websiteId}
          onClose={() => setEditingWebsite(false)}
          onApply={(websiteId) => {
            setEditingWebsite(false);
            website.onChange(websiteId);
          }}
        />
      ) : null}
    </Box>
  );
}
