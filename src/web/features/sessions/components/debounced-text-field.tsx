import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEffect, useEffectEvent, useState } from 'react';

const DELAY_MS = 300;

type DebouncedTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  value: string;
  /** Called with the trimmed text once typing pauses. */
  onCommit: (value: string) => void;
};

/** A text filter that updates the list once typing pauses (or on Enter), and follows the URL on back/forward. */
export function DebouncedTextField({ value, onCommit, ...props }: DebouncedTextFieldProps) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  if (value !== committed) {
    // The URL changed under us (back/forward, "Clear filters"): show what it says now.
    setCommitted(value);
    setText(value);
  }
  const commit = useEffectEvent((next: string) => onCommit(next));
  useEffect(() => {
    const next = text.trim();
    if (next === committed) return;
    const timer = setTimeout(() => commit(next), DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, committed]);
  return (
    <TextField
      {...props}
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && text.trim() !== committed) onCommit(text.trim());
      }}
    />
  );
}
