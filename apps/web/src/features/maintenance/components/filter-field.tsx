import { useState } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';

type FilterFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'onKeyDown'> & {
  value: string;
  maxLength: number;
  /** Called with the typed text on blur or Enter (document 2 section 5). */
  onCommit(value: string): void;
};

/** A filter box of a table: typing is local, the filter applies on blur or Enter. */
export function FilterField({ value, maxLength, onCommit, ...rest }: FilterFieldProps) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // Clear (or the back button) changes the applied value: show it.
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const commit = () => {
    if (text.trim() !== value) onCommit(text.trim());
  };
  return (
    <TextField
      size="small"
      // Room for the label in Spanish and French ("Nombre del cliente" was cut, issue 20).
      sx={{ minWidth: { sm: 220 } }}
      {...rest}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      }}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}
