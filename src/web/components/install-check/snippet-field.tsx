import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Website } from '../../../api/client/types.gen.ts';
import { CopyButton } from '../feedback/copy-button.tsx';

/** A website's tracker `<script>` tag, read-only and one click from the clipboard. */
export function SnippetField({ website, snippet }: { website: Website; snippet: string }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 0.5 }}>
      <TextField
        label={`Tracker snippet for ${website.name}`}
        value={snippet}
        multiline
        fullWidth
        helperText={
          <>
            Paste it into every page of {website.host}, just before <code>&lt;/head&gt;</code>.
          </>
        }
        slotProps={{
          input: { readOnly: true, sx: { fontFamily: 'monospace', fontSize: '0.85rem' } },
          htmlInput: { spellCheck: false },
        }}
      />
      <CopyButton value={snippet} label={`Copy snippet for ${website.name}`} />
    </Stack>
  );
}
