import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import ListSubheader from '@mui/material/ListSubheader';
import TextField from '@mui/material/TextField';
import { Fragment, useState } from 'react';
import { useNavigate } from 'react-router';
import { sessionPagePath } from '../../../lib/session-link.ts';
import { usePermissions } from '../../../lib/api/me-query.ts';
import {
  MIN_SEARCH_LENGTH,
  SUGGESTIONS,
  useVisitorSuggestionsQuery,
  type VisitorSuggestion,
} from '../api/use-visitor-suggestions-query.ts';
import { parseVisitorQuery } from '../lib/parse-visitor-query.ts';
import { groupSuggestions, MATCH_HEADINGS } from '../lib/suggestion-groups.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { VisitorSuggestionOption } from './visitor-suggestion-option.tsx';

const DEBOUNCE_MS = 250;

const isSessionLink = (target: string | null): target is string => target?.startsWith('/sessions/') ?? false;

/**
 * Shown, and never chosen, when a search found nobody: free text leaves the list closed when it is empty, and
 * "nobody" would then look the same as "still searching".
 */
const NOBODY_FOUND = { nobody: true } as const;
/** Last when the suggestions are as many as are asked for: the people page lists more of those found. */
const MORE_PEOPLE = { more: true } as const;
type SearchOption = VisitorSuggestion | typeof NOBODY_FOUND | typeof MORE_PEOPLE;
const isNobody = (option: SearchOption | string): option is typeof NOBODY_FOUND =>
  typeof option !== 'string' && 'nobody' in option;
const isMore = (option: SearchOption | string): option is typeof MORE_PEOPLE =>
  typeof option !== 'string' && 'more' in option;
const isPerson = (option: SearchOption | string): option is VisitorSuggestion =>
  typeof option !== 'string' && 'id' in option;

/**
 * The app bar's search. As one types, people whose name or e-mail starts with the text (or whose visitor id it
 * starts with) are suggested with their session counts, under a heading for each kind of match; arrows and
 * Enter pick one. Enter on the text itself opens the visitor page for what the text can be (an e-mail address,
 * a visitor id, or a name: the people it stands for), however fast it was typed, or the session whose id it is
 * once the search has found one; a pasted session link opens that session at once.
 */
export function VisitorSearch({ autoFocus = false }: { autoFocus?: boolean }) {
  const navigate = useNavigate();
  const { can } = usePermissions();
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, DEBOUNCE_MS);
  const suggestions = useVisitorSuggestionsQuery(settled, can('users.sessions:read'));
  const searchable = text.trim().length >= MIN_SEARCH_LENGTH;
  // Only the answer for the text as it stands: the previous text's people, kept while the next answer is on
  // its way, could otherwise be picked by an arrow and Enter typed a moment later.
  const current = searchable && settled === text && suggestions.isSuccess && !suggestions.isPlaceholderData;
  const found = current ? groupSuggestions(suggestions.data?.visitors ?? []) : [];
  const options: SearchOption[] =
    found.length === 0 && current && !suggestions.isFetching
      ? [NOBODY_FOUND]
      : found.length >= SUGGESTIONS
        ? [...found, MORE_PEOPLE]
        : found;
  // The text is a session's id or link: the session, not its visitor, is what it names.
  const sessionOfText = () => {
    const typed = parseVisitorQuery(text);
    return isSessionLink(typed) ? typed : sessionPagePath(text.trim());
  };
  const sessionFound = found.some((person) => person.matched_by === 'session');
  const go = (target: string | null) => {
    if (!target) return;
    setText('');
    navigate(target);
  };
  const choose = (choice: string | SearchOption | null) => {
    if (choice === null || isNobody(choice)) return;
    // Enter on the text itself opens what it can be, whether or not suggestions have come: a session, an
    // e-mail's or a visitor id's lookup, or the people a name matches. A suggestion opens only when picked.
    if (typeof choice === 'string') return go(sessionFound ? sessionOfText() : parseVisitorQuery(choice));
    if (isMore(choice)) return go(`/visitors?${new URLSearchParams({ q: text.trim() }).toString()}`);
    if (choice.matched_by === 'session') return go(sessionOfText());
    go(`/visitors?${new URLSearchParams({ visitor_id: choice.id }).toString()}`);
  };
  return (
    <form role="search" onSubmit={(event) => event.preventDefault()}>
      <Autocomplete<SearchOption, false, false, true>
        freeSolo
        options={options}
        value={null}
        inputValue={text}
        onInputChange={(_event, value, reason) => {
          if (reason !== 'reset') setText(value);
        }}
        onChange={(_event, choice) => choose(choice)}
        filterOptions={(all) => all}
        getOptionLabel={(option) =>
          typeof option === 'string' ? option : isPerson(option) ? option.name || option.email || option.id : ''
        }
        getOptionKey={(option) =>
          typeof option === 'string' ? option : isPerson(option) ? option.id : isNobody(option) ? 'nobody' : 'more'
        }
        getOptionDisabled={isNobody}
        groupBy={(option) => (isPerson(option) ? MATCH_HEADINGS[option.matched_by] : '')}
        renderGroup={({ key, group, children }) =>
          group ? (
            <li key={key}>
              <ListSubheader component="div" sx={{ lineHeight: '32px' }}>
                {group}
              </ListSubheader>
              <Box component="ul" sx={{ p: 0 }}>
                {children}
              </Box>
            </li>
          ) : (
            <Fragment key={key}>{children}</Fragment>
          )
        }
        renderOption={({ key, ...props }, option) =>
          isPerson(option) ? (
            <VisitorSuggestionOption key={key} {...props} visitor={option} />
          ) : (
            <li key={key} {...props}>
              {isNobody(option) ? 'Nobody found' : `More people matching “${text.trim()}”`}
            </li>
          )
        }
        loading={searchable && (settled !== text || suggestions.isFetching)}
        loadingText="Searching…"
        clearOnBlur={false}
        handleHomeEndKeys={false}
        slotProps={{ listbox: { 'aria-label': 'Suggested people' } }}
        sx={{ width: { xs: '100%', sm: 340 } }}
        renderInput={(params) => (
          <TextField
            {...params}
            size="small"
            autoFocus={autoFocus}
            placeholder="Name, e-mail, visitor id or session link"
            onPaste={(event) => {
              const target = parseVisitorQuery(event.clipboardData.getData('text'));
              if (isSessionLink(target)) {
                event.preventDefault();
                go(target);
              }
            }}
            slotProps={{
              htmlInput: {
                ...params.slotProps.htmlInput,
                'aria-label': 'Find a visitor by name, e-mail, visitor id or session link',
              },
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
          />
        )}
      />
    </form>
  );
}
