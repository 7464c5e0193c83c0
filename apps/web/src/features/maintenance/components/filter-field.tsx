import { TextField, type TextFieldProps } from '@mui/material';
import { useCommittedText } from '@/components/search-field';

type FilterFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'onBlur' | 'onKeyDown'> & {
  value: string;
  maxLength: number;
  /** Called with the typed text on blur or Enter (CORE-02). */
  onCommit(value: string): void;
};

/** A filter box of a table: typing is local, the filter applies on blur or Enter. */
export function FilterField({ value, maxLength, onCommit, ...rest }: FilterFieldProps) {
  const { fieldProps } = useCommittedText(value, onCommit);
  return (
    <TextField
      size="small"
      // Room for the label in Spanish and French ("Nombre del cliente" was cut, issue 20).
      sx={{ minWidth: { sm: 220 } }}
      {...rest}
      {...fieldProps}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );
}
