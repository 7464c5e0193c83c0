import { useState } from 'react';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';

/**
 * The text of a table's search or filter box: typing is local, the text applies (`onCommit`, trimmed, only
 * when it changed) on Enter or on leaving the field. When the applied value changes elsewhere (Clear, the
 * back button, another link) the box shows it (state adjusted while rendering).
 */
export function useCommittedText(value: string, onCommit: (text: string) => void) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const commit = () => {
    if (text.trim() !== value) onCommit(text.trim());
  };
  return {
    commit,
    fieldProps: {
      value: text,
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setText(e.target.value),
      onBlur: commit,
      onKeyDown: (e: React.KeyboardEvent) => {
        if (e.key === 'Enter') {
          e.preventDefault();
          commit();
        }
      },
    },
  };
}

/**
 * A table's free-text search: the search applies on Enter, on leaving the field or with the button.
 * `label` names what it searches. With `hint`, the field's label is "Search" and `hint` says what it
 * searches under the field, where a longer language's text wraps instead of being cut ("Rechercher un nom,
 * une entreprise, un courriel, ..." was, issue 20).
 */
export function SearchField({
  value,
  label,
  hint,
  onSearch,
  maxLength = 100,
}: {
  value: string;
  label?: string;
  hint?: string;
  onSearch(text: string): void;
  maxLength?: number;
}) {
  const { t } = useTranslation('common');
  const { commit, fieldProps } = useCommittedText(value, onSearch);
  const search = t('actions.search');
  return (
    <TextField
      size="small"
      type="search"
      label={hint ? search : label}
      helperText={hint}
      {...fieldProps}
      sx={hint ? { minWidth: { xs: '100%', sm: 280 } } : { width: { xs: '100%', sm: 300 } }}
      slotProps={{
        htmlInput: { maxLength },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton edge="end" onClick={commit} aria-label={search}>
                <SearchIcon />
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
